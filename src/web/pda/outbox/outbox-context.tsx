import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { currentLocale } from '../../i18n.ts';
import { setUpdateBlocker, updateBlockersChanged } from '../../pwa.ts';
import { getSession } from '../../session/store.ts';
import { keepSyncSession, requestOutboxSync } from './background-sync.ts';
import { type OutboxEntry, outboxAnswerDb, outboxDb } from './db.ts';
import type { OutboxLiveState } from './drain.ts';
import { onOutboxChange } from './on-change.ts';
import { Outbox } from './outbox.ts';
import { type OutboxCounts, OutboxCountsContext, useOutboxCounts } from './outbox-counts.ts';
import { classifyEntryFailure, sendEntry } from './send.ts';
import { useLiveCounts } from './use-live-counts.ts';

const OutboxContext = createContext<Outbox | null>(null);

/**
 * Runs the signed-in user's outbox while the PDA surface is open: sends on start, on `online`
 * and on a timer; stops on logout or when another user signs in (their entries then wait). While
 * the user has unsent entries, a new app version is held back (pwa.ts update blocker).
 */
export function OutboxProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const [outbox, setOutbox] = useState<Outbox | null>(null);

  useEffect(() => {
    const box = new Outbox({
      db: outboxDb(),
      answerDb: outboxAnswerDb(),
      userId,
      send: sendEntry,
      classify: classifyEntryFailure,
      // Scans waiting for the network: the service worker may send them once it returns, even
      // with the app closed (Background Sync), with a copy of this session.
      onNetworkWait: () => {
        const session = getSession();
        if (session?.user.recId !== userId) return;
        requestOutboxSync(() =>
          keepSyncSession({ token: session.token, user: session.user, locale: currentLocale() }),
        );
      },
    });
    // Until the first count arrives, assume there is something unsent. The count is read again
    // after changes, off the scans' path (onOutboxChange); a scan this tab wrote since the last
    // count began holds the update back meanwhile.
    let unsent: number | undefined;
    let countedFrom = 0;
    let current = true;
    const scanSinceCount = () => box.scanning.adding || box.scanning.lastAddedAt >= countedFrom;
    const release = setUpdateBlocker(() => unsent !== 0 || scanSinceCount());
    const count = () => {
      const from = Date.now();
      void box.unsentCount().then(
        (n) => {
          if (!current) return;
          unsent = n;
          countedFrom = from;
          updateBlockersChanged();
        },
        () => undefined,
      );
    };
    count();
    const stopCounting = onOutboxChange(box, count);
    void box.start().catch(() => undefined);
    setOutbox(box);
    return () => {
      current = false;
      stopCounting();
      release();
      box.stop();
    };
  }, [userId]);

  return (
    <OutboxContext.Provider value={outbox}>
      <CountsProvider>{children}</CountsProvider>
    </OutboxContext.Provider>
  );
}

function CountsProvider({ children }: { children: ReactNode }) {
  const counts = useLiveCounts(useOutbox(), useOutboxLive());
  return <OutboxCountsContext.Provider value={counts}>{children}</OutboxCountsContext.Provider>;
}

/**
 * The outbox without a screen of its own, for the PDA's start screen (pda/start), which loads this
 * module after its first paint: runs `userId`'s outbox and reports its counts.
 */
export function OutboxFeed({
  userId,
  onCounts,
}: {
  userId: number;
  onCounts: (counts: OutboxCounts | undefined) => void;
}) {
  return (
    <OutboxProvider userId={userId}>
      <CountsFeed onCounts={onCounts} />
    </OutboxProvider>
  );
}

function CountsFeed({ onCounts }: { onCounts: (counts: OutboxCounts | undefined) => void }) {
  const counts = useOutboxCounts();
  const { queued, sending, attention } = counts ?? {};
  useEffect(
    () => onCounts(queued === undefined ? undefined : { queued, sending: sending!, attention: attention! }),
    [onCounts, queued, sending, attention],
  );
  return null;
}

export const useOutbox = (): Outbox | null => useContext(OutboxContext);

const idle: OutboxLiveState = { sending: new Set(), pausedUntil: 0 };
const noSubscription = () => () => undefined;

/** Which entries are on the wire now, and whether the queue waits for the network. */
export function useOutboxLive(): OutboxLiveState {
  const outbox = useOutbox();
  return useSyncExternalStore(
    outbox?.subscribe ?? noSubscription,
    outbox?.getLive ?? (() => idle),
    () => idle,
  );
}

/** This user's newest entries of `kinds`, whatever their target (the bill action screen), newest first. */
export function useKindEntries(kinds: readonly string[], limit: number): OutboxEntry[] | undefined {
  const outbox = useOutbox();
  return useLiveQuery(async () => {
    if (!outbox) return undefined;
    return outboxDb()
      .entries.where('userId')
      .equals(outbox.userId)
      .filter((e) => kinds.includes(e.kind))
      .reverse()
      .limit(limit)
      .toArray();
  }, [outbox, kinds.join(','), limit]);
}

/** This user's entries in the given states, oldest first (the outbox screen). */
export function useEntriesIn(states: readonly OutboxEntry['state'][]): OutboxEntry[] | undefined {
  const outbox = useOutbox();
  return useLiveQuery(async () => {
    if (!outbox) return undefined;
    const rows = await outboxDb()
      .entries.where('[userId+state]')
      .anyOf(states.map((s) => [outbox.userId, s]))
      .toArray();
    return rows.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  }, [outbox, states.join(',')]);
}
