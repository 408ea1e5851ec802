import { Dialog } from '../../components/Dialog';
import { UNREACHABLE } from '../../lib/api';
import { msg } from '../../messages';
import type { Unreachable as State } from '../../app/useSession';

/**
 * Unreachable is the screen of a server that did not say whether it has
 * accounts (out of reach, a 5xx of its own or a proxy's): the work is not
 * shown, since it is not known whose it is, until a try answers. It
 * cannot be closed; the page tries again by itself too.
 */
export function Unreachable({ state, onRetry }: { state: State; onRetry: () => void }) {
  return (
    <Dialog title={msg.unreachableTitle} onClose={() => {}} role="alertdialog" closeOnBackdrop={false}>
      <div className="signin">
        {/* A server that answered (a 5xx with its words) is reached: its database is what is not. */}
        <p>{state.message !== UNREACHABLE ? msg.unreachableServer : msg.unreachableText}</p>
        {state.message !== UNREACHABLE && <p className="inline-notice error">{state.message}</p>}
        <p className="hint">{msg.unreachableAuto}</p>
        <button type="button" className="primary" onClick={onRetry} disabled={state.checking} data-autofocus>
          {state.checking ? msg.retrying : msg.retry}
        </button>
      </div>
    </Dialog>
  );
}
