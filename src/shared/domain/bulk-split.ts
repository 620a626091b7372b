/**
 * Bulk number input (spec 5): text pasted into a filter — one number a line, or separated by
 * commas — is split into items; each item is trimmed and empty items are dropped. Spaces, tabs,
 * semicolons and the full-width comma and semicolon separate items too (numbers never contain
 * them), so a column copied from a spreadsheet or a sentence typed with an IME works. Repeated
 * items are kept once, in first-seen order.
 */
const SEPARATORS = /[\s,;，；、]+/u;

export const MAX_BULK_ITEMS = 1000;

export function splitBulk(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const raw of text.split(SEPARATORS)) {
    const item = raw.trim();
    if (item) seen.add(item);
  }
  return [...seen];
}

/** Numbers are matched case-insensitively: items are upper-cased (our and carriers' numbers are). */
export const splitBulkNumbers = (text: string | null | undefined): string[] => [
  ...new Set(splitBulk(text).map((s) => s.toUpperCase())),
];
