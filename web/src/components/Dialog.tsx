import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
}

/**
 * Dialog is a modal window: focus moves into it and stays there (Tab
 * cycles), Escape closes it, and focus returns where it was.
 */
export function Dialog({ title, onClose, children, footer, role = 'dialog', wide }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Escape calls the onClose of the latest render; the effect stays.
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const el = ref.current!;
    const first = el.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(el)[0] ?? el;
    first.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close();
      } else if (e.key === 'Tab') {
        const items = focusables(el);
        if (items.length === 0) return;
        const i = items.indexOf(document.activeElement as HTMLElement);
        if (e.shiftKey && i <= 0) {
          e.preventDefault();
          items[items.length - 1].focus();
        } else if (!e.shiftKey && i === items.length - 1) {
          e.preventDefault();
          items[0].focus();
        }
      }
    };
    el.addEventListener('keydown', onKey);
    return () => {
      el.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);

  const titleId = `dlg-${title.replace(/\W+/g, '-')}`;
  return (
    <div className="backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} role={role} aria-modal="true" aria-labelledby={titleId} className={wide ? 'dialog wide' : 'dialog'} tabIndex={-1}>
        <h2 id={titleId}>{title}</h2>
        <div className="dialog-body">{children}</div>
        {footer && <div className="dialog-footer">{footer}</div>}
      </div>
    </div>
  );
}

function focusables(el: HTMLElement): HTMLElement[] {
  return Array.from(
    el.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), select, textarea, a[href], [tabindex="0"]'),
  );
}
