import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { App, Button, Flex, Modal, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Download } from '../../api/client.ts';
import { saveBlob } from '../../ui/save-blob.ts';
import { type ImportRefusal, ImportReport, importRefusalOf } from './import-report.tsx';

/**
 * Import from a file: the template to start from, the upload, and when the server refuses the file,
 * its message and every bad row (row, column, reason) in a table, so the file can be fixed and sent
 * again. Nothing is written by a refused import. An import into something chosen in the dialog (a
 * carrier's pool) puts its choice in `fields`, says why the upload waits in `blocked` while nothing
 * is chosen, and names the choice in `scope`: another choice clears the last refusal.
 */
export function ImportAction<R extends { rowCount: number }>({
  title,
  label,
  accept = '.xlsx,.csv',
  upload,
  successMessage,
  template,
  onImported,
  primary,
  hint,
  fields,
  blocked,
  scope,
  onOpen,
}: {
  title: string;
  /** The button's text when a screen offers several imports (default: Import). */
  label?: string;
  accept?: string;
  upload: (file: File) => Promise<R>;
  /** The success message when the rows did more than be imported (default: the row count). */
  successMessage?: (result: R) => string;
  template: () => Promise<Download>;
  onImported: () => void;
  primary?: boolean;
  /** What the file holds (default: fill in the template, all or nothing). */
  hint?: ReactNode;
  fields?: ReactNode;
  blocked?: string;
  scope?: unknown;
  onOpen?: () => void;
}) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const [fetchingTemplate, setFetchingTemplate] = useState(false);
  const [lastScope, setLastScope] = useState(scope);
  if (scope !== lastScope) {
    setLastScope(scope);
    setRefusal(null);
  }

  const send = async (file: File) => {
    setBusy(true);
    setRefusal(null);
    try {
      const result = await upload(file);
      const { rowCount } = result;
      message.success(
        successMessage
          ? successMessage(result)
          : t({
              message: plural(rowCount, {
                one: 'Upload success: # row imported',
                other: 'Upload success: # rows imported',
              }),
            }),
      );
      setOpen(false);
      onImported();
    } catch (e) {
      setRefusal(importRefusalOf(e));
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    setFetchingTemplate(true);
    try {
      const file = await template();
      saveBlob(file.blob, file.filename);
    } finally {
      setFetchingTemplate(false);
    }
  };

  return (
    <>
      <Button
        type={primary ? 'primary' : undefined}
        icon={<UploadOutlined />}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        {label ?? t`Import`}
      </Button>
      <Modal
        open={open}
        title={title}
        width={720}
        footer={null}
        destroyOnHidden
        onCancel={() => {
          setOpen(false);
          setRefusal(null);
        }}
      >
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">
              {hint ?? (
                <Trans>
                  Fill in the template and upload it as .xlsx or .csv. Nothing is imported unless every row is
                  valid.
                </Trans>
              )}
            </Typography.Text>
            <Button
              icon={<DownloadOutlined />}
              loading={fetchingTemplate}
              onClick={() => downloadTemplate().catch(() => undefined)}
            >
              {t`Download template`}
            </Button>
          </Flex>
          {fields}
          <Upload.Dragger
            accept={accept}
            multiple={false}
            showUploadList={false}
            disabled={busy || blocked !== undefined}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {blocked ?? (busy ? t`Importing…` : t`Click or drag a file here to import it`)}
            </p>
          </Upload.Dragger>
          {refusal && <ImportReport refusal={refusal} />}
        </Flex>
      </Modal>
    </>
  );
}
