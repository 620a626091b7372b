import './pda.css';
import { Link, Outlet } from '@tanstack/react-router';
import { startTransition, useEffect, useRef, useState } from 'react';
import { logout } from '../session/auth.ts';
import { checkStorageOnce } from '../session/storage.ts';
import { useSession } from '../session/store.ts';
import { keepSyncSession } from './outbox/background-sync.ts';
import { forgetAnswered } from './outbox/db.ts';
import { OutboxProvider } from './outbox/outbox-context.tsx';
import { PdaFrame } from './pda-frame.tsx';
import { PdaLinkContext, type PdaLinkProps } from './pda-link.tsx';
import { installAudioUnlock } from './scan/feedback.ts';
import { forgetSnapshot, startSnapshotSync } from './scan/snapshot.ts';

/**
 * The PDA's screens inside the app (routes/pda.tsx): their frame (pda-frame.tsx) and the signed-in
 * user's offline outbox. A page load of /pda itself starts with the light start instead
 * (pda/start: the start screen without the router), which starts the app on its first link. Its
 * stylesheet loads with it, so the desk pages never load Tailwind or Konsta, and Ant Design never
 * loads here.
 */
export function PdaShell() {
  const session = useSession();
  const loggingOut = useRef(false);

  // Logged out here, in another tab, or by the server (code 6): back to the login page, the light
  // one, as a page of its own (the app's /login route is the desk's frame, whose code a PDA
  // account's device does not keep; sw.ts).
  useEffect(() => {
    if (session) return;
    // The worker's copy of the session (Background Sync) ends with it.
    void keepSyncSession(null);
    location.replace(loggingOut.current ? '/login' : `/login?redirect=${encodeURIComponent('/pda')}`);
  }, [session]);

  // The frame renders in a transition, after a first empty commit: React then builds it in slices
  // of a few milliseconds instead of one long task (the router's update is synchronous), and a
  // phone's first load of /pda stays answerable (Lighthouse's blocking time, bench/lighthouse.ts).
  // It waits for the storage check (at most 300 ms), so the storage notice is in its first frame.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void checkStorageOnce().then(() => live && startTransition(() => setShown(true)));
    return () => {
      live = false;
    };
  }, []);

  // The scan snapshot (lading bills' refusals on the device) is kept fresh while online.
  const userId = session?.user.recId;
  useEffect(() => (userId === undefined ? undefined : startSnapshotSync()), [userId]);

  // Scan sounds may play once the operator has touched the screen or pressed a key.
  useEffect(() => installAudioUnlock(), []);

  if (!session || !shown) return null;

  const onLogout = () => {
    loggingOut.current = true;
    void Promise.all([forgetAnswered(session.user.recId), forgetSnapshot()])
      .catch(() => undefined)
      .finally(() => logout());
  };

  return (
    <OutboxProvider userId={session.user.recId}>
      <PdaLinkContext.Provider value={RouterLink}>
        <PdaFrame username={session.user.username} onLogout={onLogout}>
          <Outlet />
        </PdaFrame>
      </PdaLinkContext.Provider>
    </OutboxProvider>
  );
}

/** The start screen's links, inside the app: the router's. */
const RouterLink = ({ href, ...props }: PdaLinkProps) => <Link to={href as never} {...props} />;
