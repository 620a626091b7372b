import type { DeskFormat } from './format.ts';
import { useFormat } from './use-format.ts';

/**
 * A moment as the desk shows it: its day and time in the business time zone, in the reader's
 * language (the kit's one formatter, kit/format.ts), so every screen, export and scan log shows the
 * same wall clock. A missing time is a dash.
 */
export function useTime(): DeskFormat['dateTime'] {
  return useFormat().dateTime;
}
