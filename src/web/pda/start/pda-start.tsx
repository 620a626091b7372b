import {
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { callApi } from '../../api/client.ts';
import { wire } from '../../api/wire-endpoints.ts';
import { logout } from '../../session/auth.ts';
import { updateSessionUser, useSession } from '../../session/store.ts';
import type { OutboxFeed } from '../outbox/outbox-context.tsx';
import { type OutboxCounts, OutboxCountsContext } from '../outbox/outbox-counts.ts';
import { peekOutbox } from '../outbox/peek.ts';
import { PdaFrame } from '../pda-frame.tsx';
import { PdaHome } from '../pda-home.tsx';
import { PdaLinkContext, type PdaLinkProps } from '../pda-link.tsx';
import { installAudioUnlock } from '../scan/feedback.ts';

/** When the scan snapshot is first fetched after the start (as snapshot.ts's startSnapshotSync). */
const SNAPSHOT_FIRST_MS = 3_000;

/** Opens a PDA screen other than the start screen: starts the app there (main.tsx). */
const OpenContext = createContext<(href: string) => void>((href) => location.assign(href));

/** The start screen's links: a plain click starts the app on their screen, in this page. */
function StartLink({ href, onClick, ...props }: PdaLinkProps) {
  const open = useContext(OpenContext);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(href);
  };
  return <a href={href} {...props} onClick={click} />;
}

/** After the browser has painted what is on screen now (a frame, then a task). */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The PDA's start screen without the app (pda.html's first load of /pda): the same frame and tiles
 * as inside the app (pda-frame.tsx, pda-home.tsx), drawn with no router and no query cache. Once it
 * is painted: the outbox's counts and the session check; the outbox (Dexie) and the scan
 * snapshot's sync follow (Counts). A tile starts the app on its screen (`open`).
 */
export function PdaStart({ open }: { open: (href: string) => void }) {
  const session = useSession();
  const loggingOut = useRef(false);

  // Logged out here, in another tab, or by the server (code 6): to the light login page.
  useEffect(() => {
    if (session) return;
    void import('../outbox/background-sync.ts')
      .then(({ keepSyncSession }) => keepSyncSession(null))
      .catch(() => undefined)
      .finally(() =>
        location.replace(loggingOut.current ? '/login' : `/login?redirect=${encodeURIComponent('/pda')}`),
      );
  }, [session]);

  // The stored session is checked with the server once the screen is painted (as routes/pda.tsx's
  // loader does inside the app).
  const userId = session?.user.recId;
  useEffect(() => {
    if (userId === undefined || !navigator.onLine) return;
    return afterPaint(() => void callApi(wire.auth.me).then(updateSessionUser, () => undefined));
  }, [userId]);

  // Scan sounds may play once the operator has touched the screen or pressed a key.
  useEffect(() => installAudioUnlock(), []);

  if (!session) return null;

  const onLogout = () => {
    loggingOut.current = true;
    const { recId } = session.user;
    void Promise.all([
      import('../outbox/db.ts').then((m) => m.forgetAnswered(recId)),
      import('../scan/snapshot.ts').then((m) => m.forgetSnapshot()),
    ])
      .catch(() => undefined)
      .finally(() => logout());
  };

  return (
    <OpenContext.Provider value={open}>
      <PdaLinkContext.Provider value={StartLink}>
        <Counts userId={session.user.recId}>
          <PdaFrame username={session.user.username} onLogout={onLogout}>
            <PdaHome />
          </PdaFrame>
        </Counts>
      </PdaLinkContext.Provider>
    </OpenContext.Provider>
  );
}

type FeedType = ComponentType<Parameters<typeof OutboxFeed>[0]>;

/**
 * The outbox and its counts for the screen. A count renders the counts' readers only (the frame is
 * the same element), in a transition.
 */
function Counts({ userId, children }: { userId: number; children: ReactNode }) {
  const [fed, setCounts] = useState<OutboxCounts | undefined>();
  // Once the screen is painted: the outbox's counts, read without Dexie. The outbox itself (Dexie:
  // it sends what waits, follows other tabs) loads at once when something waits to be sent, else
  // with the scan snapshot's first sync, 3 s after the start as inside the app (snapshot.ts).
  const [peeked, setPeeked] = useState<OutboxCounts | undefined>();
  const [Feed, setFeed] = useState<FeedType>();
  useEffect(() => {
    let stopSnapshot: (() => void) | undefined;
    let live = true;
    let later: ReturnType<typeof setTimeout> | undefined;
    const loadOutbox = () =>
      void import('../outbox/outbox-context.tsx').then(
        (m) => live && startTransition(() => setFeed(() => m.OutboxFeed)),
      );
    const cancel = afterPaint(() => {
      void peekOutbox(userId).then((counts) => {
        if (!live) return;
        if (counts) startTransition(() => setPeeked({ ...counts, sending: 0 }));
        if (!counts || counts.queued > 0) loadOutbox();
      });
      later = setTimeout(() => {
        loadOutbox();
        void import('../scan/snapshot.ts').then((m) => {
          if (live) stopSnapshot = m.startSnapshotSync(60_000, 0);
        });
      }, SNAPSHOT_FIRST_MS);
    });
    return () => {
      live = false;
      cancel();
      clearTimeout(later);
      stopSnapshot?.();
    };
  }, [userId]);

  const onCounts = useCallback(
    (next: OutboxCounts | undefined) => startTransition(() => setCounts(next)),
    [],
  );
  return (
    <OutboxCountsContext.Provider value={fed ?? peeked}>
      {children}
      {Feed && <Feed userId={userId} onCounts={onCounts} />}
    </OutboxCountsContext.Provider>
  );
}
