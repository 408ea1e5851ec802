import type { Me } from '../lib/account';
import { msg } from '../messages';
import { stockMsg } from '../features/stock/texts';

interface Props {
  title: string;
  machine: string;
  account: Me | null | undefined;
  onSignOut: () => void;
  /** onOpenStock opens the stock dialog ("Levha stoku"); absent while there is no work (nobody signed in) */
  onOpenStock?: () => void;
}

/** Header is the page's title, and on a team server who is signed in with 'Çıkış'. */
export function Header({ title, machine, account, onSignOut, onOpenStock }: Props) {
  return (
    <header className="header">
      <div className="brand">
        <svg viewBox="0 0 32 32" width="36" height="36" aria-hidden="true">
          <rect width="32" height="32" rx="6" fill="#1d4ed8" />
          <rect x="6" y="6" width="12" height="9" fill="#fff" />
          <rect x="20" y="6" width="6" height="20" fill="#bfdbfe" />
          <rect x="6" y="17" width="12" height="9" fill="#93c5fd" />
        </svg>
        <div className="grow">
          <h1>{title}</h1>
          <p>{machine}</p>
        </div>
        {onOpenStock && (
          <button type="button" className="secondary" onClick={onOpenStock}>
            {stockMsg.open}
          </button>
        )}
        {account?.mode === 'team' && (
          <div className="account">
            <span>{account.username}</span>
            <button type="button" className="secondary" onClick={onSignOut}>
              {msg.signOut}
            </button>
          </div>
        )}
      </div>
    </header>
  );
}
