import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { OrderImportResult } from '../../../shared/contract/order.ts';
import { customerOrderKeys, customerOrderMutations } from '../../api/queries/customer-order.ts';
import { saveBlob } from '../../ui/save-blob.ts';
import { type ImportRefusal, ImportReport, importRefusalOf } from '../kit/import-report.tsx';
import { CustomerPicker, useEntryPaths, useIsStaff } from './customer-picker.tsx';

/**
 * /admin/user/order/batch: orders from a file. Download the template, fill one row per goods line
 * (the rows of one order share its customer order no), upload; either every order is imported, or
 * none is and each bad row is listed with its column and reason.
 */
export function OrderBatchPage() {
  const { t } = useLingui();
  const staff = useIsStaff();
  const paths = useEntryPaths();
  const queryClient = useQueryClient();
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const [done, setDone] = useState<(OrderImportResult & { fileName: string }) | null>(null);
  const importFile = useMutation(customerOrderMutations.importOrders());
  const template = useMutation(customerOrderMutations.template());
  const waiting = staff && customerId === undefined;

  const send = async (file: File) => {
    setRefusal(null);
    setDone(null);
    try {
      const result = await importFile.mutateAsync({ file, customerId });
      setDone({ ...result, fileName: file.name });
      await queryClient.invalidateQueries({ queryKey: customerOrderKeys.orders() });
    } catch (e) {
      setRefusal(importRefusalOf(e));
      await queryClient.invalidateQueries({ queryKey: customerOrderKeys.imports() });
    }
  };

  const downloadTemplate = async () => {
    const file = await template.mutateAsync();
    saveBlob(file.blob, file.filename);
  };

  return (
    <Card title={t`Import orders`} data-testid="order-batch">
      <Flex vertical gap={16} style={{ maxInlineSize: 960 }}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Paragraph type="secondary" style={{ margin: 0, maxInlineSize: 640 }}>
            <Trans>
              One row per goods line; the rows of one order share its customer order no, and its other columns
              are read from its first row. Nothing is imported unless every row is valid.
            </Trans>
          </Typography.Paragraph>
          <Button
            icon={<DownloadOutlined />}
            loading={template.isPending}
            onClick={() => downloadTemplate().catch(() => undefined)}
          >
            {t`Download template`}
          </Button>
        </Flex>
        {staff && (
          <Form layout="inline">
            <Form.Item label={t`Customer`} htmlFor="import-customer" required>
              <CustomerPicker id="import-customer" value={customerId} onChange={setCustomerId} />
            </Form.Item>
          </Form>
        )}
        <Upload.Dragger
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          disabled={importFile.isPending || waiting}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {waiting
              ? t`Select the customer first`
              : importFile.isPending
                ? t`Importing…`
                : t`Click or drag a file here to import it`}
          </p>
          <p className="ant-upload-hint">{t`Excel (.xlsx) or CSV, up to 20 MB`}</p>
        </Upload.Dragger>
        {done && (
          <Alert
            type="success"
            showIcon
            data-testid="import-done"
            title={t({
              message: plural(done.orderCount, {
                one: 'Upload success: # order imported',
                other: 'Upload success: # orders imported',
              }),
            })}
            description={
              <Flex vertical gap={4}>
                <span>
                  {done.fileName} ·{' '}
                  {t({ message: plural(done.rowCount, { one: '# goods line', other: '# goods lines' }) })}
                </span>
                {done.sensitiveCount > 0 && (
                  <Typography.Text type="warning">
                    {t({
                      message: plural(done.sensitiveCount, {
                        one: '# order has goods with sensitive words and will be reviewed',
                        other: '# orders have goods with sensitive words and will be reviewed',
                      }),
                    })}
                  </Typography.Text>
                )}
                <Link to={paths.list}>
                  {staff ? t`See them in the order list` : t`See them in my orders`}
                </Link>
              </Flex>
            }
          />
        )}
        {refusal && <ImportReport refusal={refusal} />}
      </Flex>
    </Card>
  );
}
