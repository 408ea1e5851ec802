import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { msg } from '../../messages';
import type { Me } from '../../lib/account';
import { signIn } from './session';

/**
 * SignIn is the sign-in screen of a team server. ended: the session ended
 * by itself; the work is hidden and comes back with the same account.
 */
export function SignIn({ onSignedIn, ended = false }: { onSignedIn: (me: Me) => void; ended?: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needCode, setNeedCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(msg.fillAll);
      return;
    }
    setBusy(true);
    const r = await signIn(username.trim(), password, needCode ? code.trim() : undefined);
    setBusy(false);
    if (r.me) return onSignedIn(r.me);
    if (r.needCode) setNeedCode(true);
    setError(r.error ?? msg.unknownError);
  };

  return (
    <Dialog title={msg.signInTitle} onClose={() => {}}>
      <form onSubmit={submit} className="signin" noValidate>
        <p className="hint">{msg.signInHint}</p>
        {ended && <p className="inline-notice info">{msg.sessionEnded}</p>}
        <label className="field">
          <span>{msg.username}</span>
          <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" data-autofocus />
        </label>
        <label className="field">
          <span>{msg.password}</span>
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
        </label>
        {/* 7: the six digits as authenticator apps show them, "123 456";
            the server drops the space or dash. */}
        {needCode && (
          <label className="field">
            <span>{msg.totpCode}</span>
            <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
          </label>
        )}
        {error && (
          <p className="inline-notice error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {msg.signIn}
        </button>
      </form>
    </Dialog>
  );
}
