import type { PrintTarget } from '../api/queries/print.ts';
import { PRINT_KINDS } from '../api/queries/print-kinds.ts';
import { int, oneOf, type SearchOf, searchSchema, text } from '../ui/search-params.ts';

const MAX_IDS = 500;
/** At most this many lading bills or batches print at once (their getPrintContent). */
export const BILL_PRINT_MAX = 50;

/**
 * The print pages take what to print from the address, so any screen can open them with a link:
 * `ids` (comma-separated order ids) and/or `trackingNos` (bulk text); `kind` for the PDF page
 * (labels by default); `autoPrint=1` opens the browser's print dialog once the labels are drawn.
 */
export const printSearch = searchSchema({
  ids: (raw) => (typeof raw === 'string' || typeof raw === 'number' ? String(raw) : undefined),
  trackingNos: text(100_000),
  kind: oneOf(PRINT_KINDS),
  autoPrint: int(0, 1),
});
export type PrintSearch = SearchOf<typeof printSearch>;

/** The ids in the address (`ids`, separated by commas or spaces), each once, at most `max`. */
export function printIds(search: Pick<PrintSearch, 'ids'>, max = BILL_PRINT_MAX): number[] {
  return [
    ...new Set(
      (search.ids ?? '')
        .split(/[\s,]+/)
        .map((s) => Number(s))
        .filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647),
    ),
  ].slice(0, max);
}

/** The orders a print page was opened for; null when the address names none. */
export function printTarget(search: PrintSearch): PrintTarget | null {
  const ids = printIds(search, MAX_IDS);
  const trackingNos = search.trackingNos?.trim() || undefined;
  if (ids.length === 0 && !trackingNos) return null;
  return trackingNos ? { ids, trackingNos } : { ids };
}
