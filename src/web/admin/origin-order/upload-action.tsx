import { CloudUploadOutlined } from '@ant-design/icons';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import type { UploadResult } from '../../../shared/contract/origin-order.ts';
import { isApiError } from '../../api/errors.ts';
import { originKeys, originMutations } from '../../api/queries/origin-order.ts';
import { RowsTable } from '../kit/rows-table.tsx';
import { TrackingLink } from '../shared/order-columns.tsx';

type Row = UploadResult['results'][number];

/**
 * Upload (push) the chosen origin orders into regular orders, after a confirm prompt; then every
 * order's result: the tracking no made, or why it was refused (unconfirmed address, already
 * uploaded …). The server records each attempt as a push record.
 */
export function UploadAction({
  ids,
  onDone,
  disabled = false,
}: {
  ids: number[];
  onDone?: () => void;
  /** Kept mounted while disabled, so the results stay open after the list or detail refreshes. */
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const upload = useMutation(originMutations.upload());
  const [results, setResults] = useState<{ title: string; rows: Row[] } | null>(null);
  const count = ids.length;

  const send = async () => {
    try {
      const answer = await upload.mutateAsync(ids);
      const n = answer.uploaded;
      setResults({
        title: t({
          message: plural(n, { one: '# origin order uploaded', other: '# origin orders uploaded' }),
        }),
        rows: answer.results,
      });
    } catch (e) {
      const data = isApiError(e) ? (e.data as UploadResult | null) : null;
      if (isApiError(e) && data?.results) setResults({ title: e.msg, rows: data.results });
      else message.error(isApiError(e) ? e.msg : String(e));
    } finally {
      void queryClient.invalidateQueries({ queryKey: originKeys.all() });
      onDone?.();
    }
  };

  return (
    <>
      <Popconfirm
        title={t`Upload into orders`}
        description={t({
          message: plural(count, {
            one: 'Upload # origin order into a regular order?',
            other: 'Upload # origin orders into regular orders?',
          }),
        })}
        okText={t`Upload`}
        cancelText={t`Cancel`}
        disabled={count === 0 || disabled}
        onConfirm={send}
      >
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          disabled={count === 0 || disabled}
          loading={upload.isPending}
          data-testid="origin-upload"
        >
          {count > 1 ? t`Upload selected (${count})` : t`Upload`}
        </Button>
      </Popconfirm>
      <Modal
        open={results !== null}
        title={t`Upload results`}
        width={760}
        onCancel={() => setResults(null)}
        footer={<Button onClick={() => setResults(null)}>{t`Close`}</Button>}
      >
        {results && (
          <>
            <Alert
              type={results.rows.some((r) => r.ok) ? 'success' : 'error'}
              showIcon
              title={results.title}
              style={{ marginBlockEnd: 12 }}
            />
            <RowsTable<Row>
              testId="upload-results"
              rowKey="recId"
              rows={results.rows}
              columns={[
                {
                  title: t`Platform order no`,
                  dataIndex: 'platformOrderNo',
                  render: (v: string) => <span dir="ltr">{v}</span>,
                },
                {
                  title: t`Result`,
                  dataIndex: 'ok',
                  render: (ok: boolean) => (
                    <Tag color={ok ? 'success' : 'error'}>{ok ? t`Success` : t`Failed`}</Tag>
                  ),
                },
                {
                  title: t`Tracking no`,
                  dataIndex: 'trackingNo',
                  render: (no: string | null, r) =>
                    no && r.orderId !== null ? <TrackingLink id={r.orderId} trackingNo={no} /> : '—',
                },
                { title: t`Message`, dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Modal>
    </>
  );
}
