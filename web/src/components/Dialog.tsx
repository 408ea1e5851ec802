import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
  /**
   * closeOnBackdrop: a click on the dimmed page around the dialog closes
   * it (the default). A dialog that holds what the user typed turns it off:
   * on a phone a tap beside the dialog is easily a mistake.
   */
  closeOnBackdrop?: boolean;
}

/** shown are the dialogs on screen, the top one last: only it answers Escape and Tab. */
const shown: HTMLElement[] = [];
const top = (): HTMLElement | undefined => shown[shown.length - 1];

/**
 * Dialog is a modal window: focus moves into it and stays there (Tab
 * cycles; a focused element that goes, such as a deleted row's button,
 * leaves the focus on the dialog), Escape closes the top dialog wherever
 * the focus is, and focus returns where it was, or to the dialog beneath
 * when that element is gone. An alertdialog is described by its body, so
 * that a screen reader reads the message with the title, not only the
 * focused button.
 */
export function Dialog({ title, onClose, children, footer, role = 'dialog', wide, closeOnBackdrop = true }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Escape calls the onClose of the latest render; the effect stays.
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const el = ref.current!;
    shown.push(el);
    const first = el.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(el)[0] ?? el;
    first.focus();
    // On the document, not the dialog: with the focus lost to the page's
    // body Escape still closes. The top dialog that acts marks the key
    // handled (defaultPrevented), so the one beneath does not act too.
    const onKey = (e: KeyboardEvent) => {
      if (top() !== el || e.defaultPrevented) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
      } else if (e.key === 'Tab') {
        const items = focusables(el);
        const i = items.indexOf(document.activeElement as HTMLElement);
        if (items.length === 0) {
          e.preventDefault();
          el.focus();
        } else if (i < 0) {
          e.preventDefault();
          items[e.shiftKey ? items.length - 1 : 0].focus();
        } else if (e.shiftKey && i === 0) {
          e.preventDefault();
          items[items.length - 1].focus();
        } else if (!e.shiftKey && i === items.length - 1) {
          e.preventDefault();
          items[0].focus();
        }
      }
    };
    // A focused element removed from the page leaves the focus on the body
    // (browsers fire no event for it); the dialog takes it back.
    const refocus = new MutationObserver(() => {
      if (top() === el && (document.activeElement === null || document.activeElement === document.body)) el.focus();
    });
    document.addEventListener('keydown', onKey);
    refocus.observe(el, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      refocus.disconnect();
      shown.splice(shown.indexOf(el), 1);
      if (before?.isConnected) before.focus();
      const beneath = top();
      if (beneath && !beneath.contains(document.activeElement)) beneath.focus();
    };
  }, []);

  // Ids of the dialog's own: two dialogs of one title (a question over a question) share none.
  const id = useId();
  const titleId = `${id}title`;
  const bodyId = `${id}body`;
  return (
    <div className="backdrop" onMouseDown={(e) => closeOnBackdrop && e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={role === 'alertdialog' ? bodyId : undefined}
        className={wide ? 'dialog wide' : 'dialog'}
        tabIndex={-1}
      >
        <h2 id={titleId}>{title}</h2>
        <div className="dialog-body" id={bodyId}>
          {children}
        </div>
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
