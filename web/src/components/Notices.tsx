import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { msg } from '../messages';
import { Dialog } from './Dialog';

// In-page replacements for window.alert and window.confirm, with toasts:
// the same Turkish texts the specification gives, in real dialogs.

type Tone = 'success' | 'error' | 'info';
/** ToastAction is a toast's one button, such as "Geri al": it runs and puts the toast away. */
export interface ToastAction {
  label: string;
  run: () => void;
}

interface Toast {
  id: number;
  title?: string;
  text: string;
  tone: Tone;
  action?: ToastAction;
}

interface Ask {
  id: number;
  text: string;
  confirm: boolean;
  destructive?: boolean;
  resolve: (ok: boolean) => void;
}

/**
 * ConfirmOptions: a destructive question (deleting, clearing, replacing)
 * starts on İptal, so that a second Enter does not throw the data away.
 */
export interface ConfirmOptions {
  destructive?: boolean;
}

interface NoticeApi {
  alert(text: string): Promise<void>;
  confirm(text: string, opts?: ConfirmOptions): Promise<boolean>;
  toast(text: string, opts?: { title?: string; tone?: Tone; ms?: number; action?: ToastAction }): void;
}

const Ctx = createContext<NoticeApi | null>(null);

export function useNotices(): NoticeApi {
  const api = useContext(Ctx);
  if (!api) throw new Error('NoticeProvider missing');
  return api;
}

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [asks, setAsks] = useState<Ask[]>([]);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);

  const ask = useCallback(
    (text: string, confirm: boolean, destructive?: boolean) =>
      new Promise<boolean>((resolve) => {
        const id = next.current++;
        setAsks((a) => [...a, { id, text, confirm, destructive, resolve }]);
      }),
    [],
  );
  // One api for the provider's life: hooks that take it never run again because of it.
  const api = useMemo<NoticeApi>(
    () => ({
      alert: async (text) => {
        await ask(text, false);
      },
      confirm: (text, opts = {}) => ask(text, true, opts.destructive),
      toast: (text, opts = {}) => {
        const id = next.current++;
        setToasts((t) => [...t, { id, text, title: opts.title, tone: opts.tone ?? 'success', action: opts.action }]);
        setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), opts.ms ?? 3000);
      },
    }),
    [ask],
  );

  // A tap on a toast puts it away before its time (on a phone it may cover what is wanted).
  const dismiss = (id: number) => setToasts((t) => t.filter((x) => x.id !== id));

  const current = asks[0];
  const answer = (ok: boolean) => {
    current.resolve(ok);
    setAsks((a) => a.slice(1));
  };

  return (
    <Ctx.Provider value={api}>
      {children}
      {/* The container lets taps through to the page; a toast takes them (styles.css). */}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast ${t.tone}`} role={t.tone === 'error' ? 'alert' : undefined} onClick={() => dismiss(t.id)}>
            {t.title && <strong>{t.title}</strong>}
            <span>{t.text}</span>
            {t.action && (
              <button
                type="button"
                className="toast-action"
                onClick={(e) => {
                  e.stopPropagation();
                  dismiss(t.id);
                  t.action?.run();
                }}
              >
                {t.action.label}
              </button>
            )}
          </div>
        ))}
      </div>
      {/* One dialog per question (key): the next question takes the focus anew. */}
      {current && (
        <Dialog
          key={current.id}
          title={current.confirm ? msg.warning : msg.notice}
          role="alertdialog"
          onClose={() => answer(false)}
          footer={
            current.confirm ? (
              <>
                <button type="button" className="secondary" data-autofocus={current.destructive || undefined} onClick={() => answer(false)}>
                  {msg.cancel}
                </button>
                <button type="button" className="primary" data-autofocus={!current.destructive || undefined} onClick={() => answer(true)}>
                  {msg.yes}
                </button>
              </>
            ) : (
              <button type="button" className="primary" data-autofocus onClick={() => answer(true)}>
                {msg.ok}
              </button>
            )
          }
        >
          <p className="pre">{current.text}</p>
        </Dialog>
      )}
    </Ctx.Provider>
  );
}
