import type { ReactNode } from 'react';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { Download } from '../../api/client.ts';
import { ExportAction } from './export-action.tsx';
import { ImportAction } from './import-action.tsx';

/** An import a toolbar offers: its button's text, its dialog's title (default: the same), the upload and its template. */
export interface ImportSpec {
  label: string;
  title?: string;
  upload: (file: File) => Promise<{ rowCount: number }>;
  template: () => Promise<Download>;
}

/**
 * An export a toolbar offers: its button's text and the export task it starts; `blockedBy`: why it
 * cannot start as the screen stands (the button is disabled and says so).
 */
export interface ExportSpec {
  label: string;
  start: () => Promise<ExportTaskRecord>;
  disabled?: boolean;
  blockedBy?: string | undefined;
}

/**
 * A toolbar's file actions, the imports then the exports (`false` while the permission lacks);
 * after an import `onImported` reloads the list. A fragment, so each action is its own item of the
 * toolbar's Space.
 */
export function fileActions({
  imports,
  exports,
  onImported,
}: {
  imports?: readonly ImportSpec[] | false;
  exports?: readonly ExportSpec[] | false;
  onImported?: () => void;
}): ReactNode {
  return (
    <>
      {(imports || []).map(({ label, title = label, upload, template }) => (
        <ImportAction
          key={label}
          title={title}
          label={label}
          upload={upload}
          template={template}
          onImported={() => onImported?.()}
        />
      ))}
      {(exports || []).map(({ label, start, disabled, blockedBy }) => (
        <ExportAction key={label} label={label} start={start} disabled={disabled} blockedBy={blockedBy} />
      ))}
    </>
  );
}
