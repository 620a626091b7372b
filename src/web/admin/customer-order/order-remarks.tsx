import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Input, List, Typography } from 'antd';
import type { RemarkRecord } from '../../../shared/contract/order.ts';
import { customerOrderKeys, customerOrderMutations } from '../../api/queries/customer-order.ts';
import { useSubRight } from '../../session/sub-rights.ts';
import { typed } from '../../ui/bidi.tsx';
import { useFormat } from '../kit/use-format.ts';

/** The remarks of an order, newest first, and a box to add one. */
export function OrderRemarks({ orderId, remarks }: { orderId: number; remarks: readonly RemarkRecord[] }) {
  const { t } = useLingui();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ content: string }>();
  const mayAdd = useSubRight('orders:create');
  const add = useMutation({
    ...customerOrderMutations.addRemark(),
    onSuccess: async () => {
      message.success(t`Remark added`);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: customerOrderKeys.orders() });
    },
  });
  return (
    <Card title={t`Remarks`} size="small" style={{ blockSize: '100%' }}>
      <Flex vertical gap={12}>
        {remarks.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No remarks yet`} />
        ) : (
          <List
            data-testid="detail-remarks"
            size="small"
            dataSource={[...remarks]}
            renderItem={(r) => (
              <List.Item key={r.recId}>
                <Flex vertical>
                  <span>{typed(r.content)}</span>
                  <Typography.Text type="secondary">
                    {r.createdBy ?? '—'} · {format.dateTime(r.createdAt)}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
        {mayAdd && (
          <Form form={form} onFinish={(v) => add.mutate({ orderId, content: v.content })}>
            <Flex gap={8} align="start">
              <Form.Item
                name="content"
                style={{ flex: 1, marginBlockEnd: 0 }}
                rules={[{ required: true, whitespace: true, message: t`Write the remark first` }]}
              >
                <Input.TextArea
                  maxLength={500}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  aria-label={t`New remark`}
                />
              </Form.Item>
              <Button htmlType="submit" loading={add.isPending}>
                {t`Add remark`}
              </Button>
            </Flex>
          </Form>
        )}
      </Flex>
    </Card>
  );
}
