import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { onNotKept } from '../lib/storage';
import { msg } from '../messages';
import { Dialog } from './Dialog';

// In-page replacements for window.alert and window.confirm, with toasts:
// the same Turkish texts the specification gives, in real dialogs.

type Tone = 'success' | 'error' | 'info';
/**
 * ToastAction is a toast's one button, such as "Geri al": it runs and puts the toast away. An undo
 * also runs on Ctrl+Z (⌘Z) while its toast shows and the focus is not in a text field: a keyboard
 * user would need many Tabs to reach the button at the end of the page in the toast's few seconds.
 */
export interface ToastAction {
  label: string;
  run: () => void;
  undo?: boolean;
}

interface Toast {
  id: number;
  title?: string;
  text: string;
  tone: Tone;
  action?: ToastAction;
  ms: number;
}

/** Choice is one answer of a question with more than Evet and İptal (choose). */
export interface Choice {
  value: string;
  label: string;
}

interface Ask {
  id: number;
  text: string;
  confirm: boolean;
  destructive?: boolean;
  /** choices replace Evet: the question answers the value of the one pressed, null for İptal */
  choices?: Choice[];
  resolve: (answer: string | null) => void;
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
  /** choose asks with a button per choice beside İptal (which has the focus): the value pressed, null for İptal. */
  choose(text: string, choices: Choice[]): Promise<string | null>;
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
  // Each toast's timer: a toast with an action waits while the pointer or the focus is on it
  // (WCAG 2.2.1: the user may take longer than its time), and its time starts again after.
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((t) => t.filter((x) => x.id !== id));
  }, []);
  const startTimer = useCallback(
    (id: number, ms: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), ms),
      );
    },
    [dismiss],
  );
  const holdTimer = (id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  };

  const ask = useCallback(
    (text: string, confirm: boolean, destructive?: boolean, choices?: Choice[]) =>
      new Promise<string | null>((resolve) => {
        const id = next.current++;
        setAsks((a) => [...a, { id, text, confirm, destructive, choices, resolve }]);
      }),
    [],
  );
  // One api for the provider's life: hooks that take it never run again because of it.
  const api = useMemo<NoticeApi>(
    () => ({
      alert: async (text) => {
        await ask(text, false);
      },
      confirm: async (text, opts = {}) => (await ask(text, true, opts.destructive)) !== null,
      choose: (text, choices) => ask(text, true, true, choices),
      toast: (text, opts = {}) => {
        const id = next.current++;
        const ms = opts.ms ?? 3000;
        setToasts((t) => [...t, { id, text, title: opts.title, tone: opts.tone ?? 'success', action: opts.action, ms }]);
        startTimer(id, ms);
      },
    }),
    [ask, startTimer],
  );

  // What this browser refused to keep (lib/storage.ts: a choice, the quote's values, a half-typed part, a
  // checklist's ticks, …) is told in a toast, on any screen: once a kind, until a write of it goes through.
  useEffect(
    () => onNotKept((e) => api.toast(msg.storageNotKept(e.kind, e.full), { title: msg.storageNotKeptTitle, tone: 'error', ms: 12000 })),
    [api],
  );

  // Ctrl+Z (⌘Z) runs the newest undo on show, unless the focus is in a field, whose own undo it is.
  const undo = [...toasts].reverse().find((t) => t.action?.undo);
  useEffect(() => {
    if (!undo) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return;
      const el = document.activeElement;
      if (el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
      e.preventDefault();
      dismiss(undo.id);
      undo.action?.run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, dismiss]);
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  const current = asks[0];
  const answer = (value: string | null) => {
    current.resolve(value);
    setAsks((a) => a.slice(1));
  };

  return (
    <Ctx.Provider value={api}>
      {children}
      {/* The container lets taps through to the page; a toast takes them (styles.css). */}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          // A tap on a toast puts it away before its time (on a phone it may cover what is wanted).
          <div
            key={t.id}
            className={`toast ${t.tone}`}
            role={t.tone === 'error' ? 'alert' : undefined}
            onClick={() => dismiss(t.id)}
            onMouseEnter={t.action ? () => holdTimer(t.id) : undefined}
            onMouseLeave={t.action ? () => startTimer(t.id, t.ms) : undefined}
            onFocus={t.action ? () => holdTimer(t.id) : undefined}
            onBlur={t.action ? () => startTimer(t.id, t.ms) : undefined}
          >
            {t.title && <strong>{t.title}</strong>}
            <span>{t.text}</span>
            {t.action && (
              <button
                type="button"
                className="toast-action"
                aria-keyshortcuts={t.action.undo ? 'Control+Z Meta+Z' : undefined}
                title={t.action.undo ? `${t.action.label} (Ctrl+Z)` : undefined}
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
          onClose={() => answer(null)}
          footer={
            current.confirm ? (
              <>
                <button type="button" className="secondary" data-autofocus={current.destructive || undefined} onClick={() => answer(null)}>
                  {msg.cancel}
                </button>
                {/* Evet, or the choices: the last is the primary one. */}
                {(current.choices ?? [{ value: 'yes', label: msg.yes }]).map((c, i, all) => (
                  <button
                    key={c.value}
                    type="button"
                    className={i === all.length - 1 ? 'primary' : 'secondary'}
                    data-autofocus={(!current.destructive && !current.choices) || undefined}
                    onClick={() => answer(c.value)}
                  >
                    {c.label}
                  </button>
                ))}
              </>
            ) : (
              <button type="button" className="primary" data-autofocus onClick={() => answer('ok')}>
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
