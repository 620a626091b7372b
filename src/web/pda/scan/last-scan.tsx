import type { OutboxEntry } from '../outbox/db.ts';
import type { Feedback } from './feedback.ts';
import type { LastScan } from './use-scan-session.ts';

const TONE: Record<Feedback, string> = {
  accepted: 'border-green-600 bg-green-50 text-green-950',
  duplicate: 'border-amber-500 bg-amber-50 text-amber-950',
  rejected: 'border-red-600 bg-red-50 text-red-950',
  repeat: 'border-sky-600 bg-sky-50 text-sky-950',
};

/** The outcome of the latest scan, large, in the colour of its sound. */
export function LastScanBanner({ last, idle }: { last: LastScan | undefined; idle: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="last-scan"
      data-feedback={last?.feedback ?? 'none'}
      data-code={last?.code}
      data-source={last?.source}
      className={`mx-4 mt-3 min-h-14 rounded-xl border-s-8 px-3 py-2 text-base ${
        last ? TONE[last.feedback] : 'border-slate-300 bg-slate-50 text-slate-700'
      }`}
    >
      {last ? (
        <>
          <div className="truncate font-mono text-lg font-medium">
            <bdi>{last.code}</bdi>
          </div>
          <div>{last.message}</div>
        </>
      ) : (
        <div className="flex min-h-10 items-center">{idle}</div>
      )}
    </div>
  );
}

/** How long after a scan its own outbox entry may have been made (the entry is written first). */
const SAME_SCAN_MS = 2_000;

/**
 * The latest scan, once the server has answered it: a refusal turns the banner red with the
 * server's message, an answer with a message (an exchange label, "added to …") shows it.
 */
export function answeredScan(last: LastScan | undefined, entries: readonly OutboxEntry[] | undefined) {
  if (!last || !entries || last.feedback !== 'accepted') return last;
  const entry = entries.find((e) => e.code === last.code);
  if (!entry || Date.parse(entry.scannedAt) < last.at - SAME_SCAN_MS) return last;
  if (entry.state === 'attention')
    return { ...last, feedback: 'rejected' as const, message: entry.message ?? last.message };
  const answer = entry.state === 'done' ? (entry.result as { message?: unknown } | null)?.message : undefined;
  return typeof answer === 'string' && answer ? { ...last, message: answer } : last;
}
