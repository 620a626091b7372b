import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Modal, Select, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { CarrierOption } from '../../../shared/contract/carrier.ts';
import { isApiError } from '../../api/errors.ts';
import { carrierMutations } from '../../api/queries/carrier.ts';
import { saveBlob } from '../../ui/save-blob.ts';
import { carrierLabel } from '../carrier/labels.ts';

interface RowError {
  row: number;
  column: string;
  message: string;
}

interface Refusal {
  msg: string;
  errors: RowError[];
  errorCount: number;
}

/**
 * Import tracking numbers into one carrier's pool: choose the carrier, start from the template,
 * upload; a refused file shows its message and every bad row (row, column, reason). Nothing is
 * written by a refused import, so the fixed file is simply uploaded again.
 */
export function TrackingNoImport({
  carriers,
  defaultCarrierId,
  onImported,
}: {
  carriers: readonly CarrierOption[];
  defaultCarrierId: number | undefined;
  onImported: () => void;
}) {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [carrierId, setCarrierId] = useState<number | undefined>(defaultCarrierId);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const importFile = useMutation(carrierMutations.importTrackingNumbers());
  const template = useMutation(carrierMutations.trackingNoTemplate());

  const send = async (file: File) => {
    if (carrierId === undefined) return;
    setRefusal(null);
    try {
      const { rowCount } = await importFile.mutateAsync({ carrierId, file });
      message.success(
        t({
          message: plural(rowCount, {
            one: 'Upload success: # row imported',
            other: 'Upload success: # rows imported',
          }),
        }),
      );
      setOpen(false);
      onImported();
    } catch (e) {
      if (!isApiError(e)) throw e;
      const data = e.data as { errors?: RowError[]; errorCount?: number } | null;
      setRefusal({ msg: e.msg, errors: data?.errors ?? [], errorCount: data?.errorCount ?? 0 });
    }
  };

  const downloadTemplate = async () => {
    const file = await template.mutateAsync();
    saveBlob(file.blob, file.filename);
  };

  const shown = refusal?.errors.length ?? 0;
  const total = refusal?.errorCount ?? 0;
  return (
    <>
      <Button
        type="primary"
        icon={<UploadOutlined />}
        onClick={() => {
          setCarrierId((c) => c ?? defaultCarrierId);
          setOpen(true);
        }}
      >
        {t`Import`}
      </Button>
      <Modal
        open={open}
        title={t`Import tracking numbers`}
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
              <Trans>
                One tracking number per row: 6 to 40 letters, digits or hyphens. Nothing is imported unless
                every row is valid.
              </Trans>
            </Typography.Text>
            <Button
              icon={<DownloadOutlined />}
              loading={template.isPending}
              onClick={() => downloadTemplate().catch(() => undefined)}
            >
              {t`Download template`}
            </Button>
          </Flex>
          <Form layout="vertical">
            <Form.Item label={t`Carrier`} htmlFor="import-carrier" required style={{ marginBlockEnd: 0 }}>
              <Select
                id="import-carrier"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t`Select the carrier the numbers belong to`}
                value={carrierId}
                onChange={(v: number) => {
                  setCarrierId(v);
                  setRefusal(null);
                }}
                options={carriers.map((c) => ({ value: c.recId, label: carrierLabel(c, i18n.locale) }))}
              />
            </Form.Item>
          </Form>
          <Upload.Dragger
            accept=".xlsx,.csv"
            multiple={false}
            showUploadList={false}
            disabled={importFile.isPending || carrierId === undefined}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {carrierId === undefined
                ? t`Select the carrier first`
                : importFile.isPending
                  ? t`Importing…`
                  : t`Click or drag a file here to import it`}
            </p>
          </Upload.Dragger>
          {refusal && (
            <Alert
              type="error"
              showIcon
              title={refusal.msg}
              description={total > shown ? t`The first ${shown} of ${total} problems are listed.` : undefined}
            />
          )}
          {refusal && refusal.errors.length > 0 && (
            <Table<RowError>
              data-testid="import-errors"
              size="small"
              rowKey={(e) => `${e.row}:${e.column}:${e.message}`}
              dataSource={refusal.errors}
              pagination={refusal.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { title: t`Row`, dataIndex: 'row', width: 80 },
                { title: t`Column`, dataIndex: 'column', width: 200 },
                { title: t`Reason`, dataIndex: 'message' },
              ]}
            />
          )}
        </Flex>
      </Modal>
    </>
  );
}
