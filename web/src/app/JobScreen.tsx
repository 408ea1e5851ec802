import { useCallback } from 'react';
import { SignIn } from '../features/auth/SignIn';
import { Unreachable } from '../features/auth/Unreachable';
import type { Page, Sheet } from '../features/engine/types';
import { jobPath, type JobAddress } from '../features/job/checklist';
import { ChecklistPage, type PieceMark } from '../features/job/ChecklistPage';
import { jobMsg } from '../features/job/texts';
import { Preview } from '../features/results/Preview';
import { ownerOf } from '../lib/account';
import { Header } from './Header';
import { useAppConfig } from './useAppConfig';
import { useSession } from './useSession';
import { useSignOut } from './useSignOut';
import { useWork } from './useWork';

// The checklist's drawing: fitted to the room the checklist gives it, its pieces numbered in cut order and marked as cut.
const drawPage = (sheet: Sheet, page: Page, title: string, marks: Record<string, PieceMark>) => (
  <Preview sheet={sheet} page={page} ultra={false} title={title} marks={marks} fit />
);

/**
 * JobScreen is the page at a sheet's checklist address (a QR code on the
 * sheet's paper): no splash and no layout work, only the sheet. A team
 * server without a session shows the sign-in screen first and then the
 * same sheet.
 */
export function JobScreen({ address, go }: { address: JobAddress; go: (path: string) => void }) {
  const config = useAppConfig();
  const session = useSession();
  // The work is not shown here, but it is the signed-in user's, kept in
  // this browser (work.ts): signing out here clears it as on the work's
  // screen, after the same question if it was never saved.
  const work = useWork(session.account);
  const signOut = useSignOut(session, work);
  const toSheet = useCallback((n: number) => go(jobPath(address.id, n)), [go, address.id]);
  return (
    <div className="app">
      <Header title={config.title} machine={config.machine} account={session.account} onSignOut={() => void signOut()} />
      <main className="main">
        <a href="/" className="back-link">
          {jobMsg.backToWork}
        </a>
        {session.account && <ChecklistPage key={`${address.id}${ownerOf(session.account)}`} id={address.id} owner={ownerOf(session.account)} sheet={address.sheet} onSheet={toSheet} renderPreview={drawPage} />}
      </main>
      {session.account === null && <SignIn ended={session.ended} onSignedIn={session.signedIn} />}
      {session.account === undefined && session.unreachable && <Unreachable state={session.unreachable} onRetry={session.retry} />}
    </div>
  );
}
