/** What became of a file import (import_logs.status), as every import-record screen shows it. */
export const ImportStatus = {
  /** The file was valid and its rows are being written. */
  writing: 0,
  /** Every row was written. */
  imported: 1,
  /** Bad rows or a bad file: nothing was written. */
  refused: 2,
  /** The write failed or its server stopped mid-way (a crash, a kill): nothing was written. */
  failed: 3,
} as const;
export type ImportStatus = (typeof ImportStatus)[keyof typeof ImportStatus];

export const IMPORT_STATUS_VALUES = Object.values(ImportStatus);
