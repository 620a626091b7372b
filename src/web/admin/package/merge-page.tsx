import { MergeCellsOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import type { ScanRefusalData } from '../../../shared/contract/bill-shapes.ts';
import type { PackageDetail, PackageItemRecord } from '../../../shared/contract/package.ts';
import { splitBulkNumbers } from '../../../shared/domain/bulk-split.ts';
import { isApiError } from '../../api/errors.ts';
import { packageMutations, packageQueries } from '../../api/queries/package.ts';
import { useCan } from '../../session/permissions.ts';
import { ltr, typed } from '../../ui/bidi.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { reasonOf } from '../kit/text.ts';
import { ConfirmTag, PickupTag } from './bill-columns.tsx';
import { canConfirm } from './bill-rules.ts';
import { usePackageItemColumns } from './package-columns.tsx';
import { PACKAGE_LIST_PATH } from './search.ts';
import { usePackageOps } from './use-package-ops.tsx';

interface MergeValues {
  trackingNos: string;
  remark?: string;
}

/**
 * /admin/ladingBll/merge: merge received orders of one consignee into a new package. Each order is
 * checked as a PDA scan is (received, not cancelled or intercepted, in no other package, the same
 * consignee); one refusal refuses all, and the refused tracking no is shown with its reason.
 */
export function MergePage() {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<MergeValues>();
  const canMerge = useCan('package:scan');
  const mayConfirm = useCan('package:confirm');
  const queryClient = useQueryClient();
  const [madeId, setMadeId] = useState<number | null>(null);
  // The package just made, kept fresh (a confirm refreshes every package query).
  const made = useQuery({
    ...packageQueries.detail(i18n.locale, madeId ?? 0),
    enabled: madeId !== null,
  }).data;
  const [refusal, setRefusal] = useState<{ message: string; trackingNo: string | null } | null>(null);
  const ops = usePackageOps();
  const columns = usePackageItemColumns();
  const nos = Form.useWatch('trackingNos', form) ?? '';
  const count = splitBulkNumbers(nos).length;
  const cnt = i18n.number(count);
  const create = useMutation({
    ...packageMutations.create(),
    onSuccess: (p: PackageDetail) => {
      queryClient.setQueryData(packageQueries.detail(i18n.locale, p.recId).queryKey, p);
      setMadeId(p.recId);
      setRefusal(null);
      form.resetFields();
    },
    onError: (e) => {
      const data = isApiError(e) ? (e.data as Partial<ScanRefusalData> | null) : null;
      setRefusal({ message: reasonOf(e), trackingNo: data?.trackingNo ?? null });
    },
  });

  return (
    <Flex vertical gap={16} data-testid="merge-page">
      <Card title={t`Merge packages`}>
        <Typography.Paragraph type="secondary">
          {t`Orders of one consignee (same customer, channel, country, name, phone and address), received and in no other package, are merged into a new package. One refused order refuses all.`}
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          aria-label={t`Merge packages`}
          onFinish={(v) => {
            setRefusal(null);
            create.mutate({ trackingNos: v.trackingNos, remark: v.remark?.trim() || undefined });
          }}
        >
          <Form.Item
            name="trackingNos"
            label={t`Tracking nos of the orders`}
            extra={t`${cnt} tracking nos`}
            rules={[{ required: true, whitespace: true, message: t`Enter the tracking nos to merge` }]}
          >
            <Input.TextArea
              dir="ltr"
              autoSize={{ minRows: 5, maxRows: 14 }}
              style={{ maxInlineSize: 480 }}
              placeholder={t`One a line, or separated by commas`}
            />
          </Form.Item>
          <Form.Item name="remark" label={t`Remark`}>
            <Input.TextArea
              maxLength={500}
              showCount
              autoSize={{ minRows: 1, maxRows: 3 }}
              style={{ maxInlineSize: 480 }}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<MergeCellsOutlined />}
            loading={create.isPending}
            disabled={!canMerge}
          >
            {t`Merge into a package`}
          </Button>
        </Form>
        {refusal && (
          <Alert
            data-testid="merge-refusal"
            type="error"
            showIcon
            style={{ marginBlockStart: 16 }}
            title={refusal.message}
            description={refusal.trackingNo ? <span dir="ltr">{refusal.trackingNo}</span> : undefined}
          />
        )}
      </Card>
      {made && (
        <Card
          data-testid="merge-result"
          title={
            <Space>
              {t`Package made`}
              <Link to={PACKAGE_LIST_PATH} search={{ id: made.recId }} dir="ltr">
                {made.no}
              </Link>
              <ConfirmTag state={made.confirmState} />
              <PickupTag status={made.pickupStatus} name={made.pickupStatusName} />
            </Space>
          }
          extra={
            mayConfirm && (
              <Button type="primary" disabled={!canConfirm(made)} onClick={() => ops.confirm([made])}>
                {t`Confirm`}
              </Button>
            )
          }
        >
          <Typography.Paragraph>
            {typed(made.consigneeName)} · {ltr(made.consigneePhone)} · {typed(made.consigneeAddress)}
          </Typography.Paragraph>
          <RowsTable<PackageItemRecord>
            testId="merge-items"
            rowKey="recId"
            columns={columns}
            rows={made.items}
          />
          {ops.modals}
        </Card>
      )}
    </Flex>
  );
}
