import type { MessageDescriptor } from './messages.ts';

/** Messages of the import/export engine (server answers and the screens that show them). */
export const fileMessages = {
  fileMissing: /*i18n*/ { id: 'file.missing', message: 'Please choose a file to upload' },
  fileNotSheet: /*i18n*/ {
    id: 'file.notSheet',
    message: 'The file is not an Excel (.xlsx) or CSV file',
  },
  fileDamaged: /*i18n*/ {
    id: 'file.damaged',
    message: 'The file is damaged or too large once unpacked, and was not read',
  },
  fileTooLarge: /*i18n*/ { id: 'file.tooLarge', message: 'The file is larger than {max} MB' },
  fileNotImage: /*i18n*/ { id: 'file.notImage', message: 'The file is not a PNG, JPEG, GIF or WebP image' },
  importNoRows: /*i18n*/ { id: 'import.noRows', message: 'The file has no rows to import' },
  importTooSlow: /*i18n*/ {
    id: 'import.tooSlow',
    message:
      'Reading the file took longer than {seconds} seconds and was stopped: split it into smaller files',
  },
  importTooManyRows: /*i18n*/ {
    id: 'import.tooManyRows',
    message: 'The file has more than {max} rows; split it into smaller files',
  },
  importMissingColumns: /*i18n*/ {
    id: 'import.missingColumns',
    message: 'The file lacks these columns: {columns}. Download the template to see them.',
  },
  importRowsInvalid: /*i18n*/ {
    id: 'import.rowsInvalid',
    message:
      '{count, plural, one {# row is not valid; nothing was imported. Fix it and import the file again.} other {# rows are not valid; nothing was imported. Fix them and import the file again.}}',
  },
  importDuplicateRow: /*i18n*/ { id: 'import.duplicateRow', message: 'Same as row {row}' },
  importRequired: /*i18n*/ { id: 'import.required', message: 'This cell cannot be empty' },
  importSuccess: /*i18n*/ { id: 'import.success', message: 'Upload success: {count} rows imported' },
  exportNotReady: /*i18n*/ { id: 'export.notReady', message: 'The file is not ready yet' },
  exportExpired: /*i18n*/ {
    id: 'export.expired',
    message: 'This file is no longer kept; export again',
  },
  exportFailed: /*i18n*/ { id: 'export.failed', message: 'The export failed; try again' },
  exportInterrupted: /*i18n*/ {
    id: 'export.interrupted',
    message: 'The server writing the file stopped; another one writes it again',
  },
  exportCutOff: /*i18n*/ {
    id: 'export.cutOff',
    message: 'The server writing the file stopped and it could not be written again; export again',
  },
  exportBusy: /*i18n*/ { id: 'export.busy', message: 'The export is still running; wait until it ends' },
  exportNotRepeatable: /*i18n*/ {
    id: 'export.notRepeatable',
    message: 'This export was made by an earlier version and cannot be run again; export again',
  },
  exportNotAllowed: /*i18n*/ { id: 'export.notAllowed', message: 'You may no longer make this export' },
} satisfies Record<string, MessageDescriptor>;
