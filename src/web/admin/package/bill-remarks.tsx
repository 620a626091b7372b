import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, List } from 'antd';
import type { BillRemark } from '../../../shared/contract/bill-shapes.ts';
import { typed } from '../../ui/bidi.tsx';
import { useTime } from '../kit/use-time.ts';

/** A bill's remarks, newest first, and a new one when the user may edit the bill. */
export function BillRemarks({
  billId,
  remarks,
  canEdit,
  add,
  queryKey,
}: {
  billId: number;
  remarks: readonly BillRemark[];
  canEdit: boolean;
  add: (body: { id: number; content: string }) => Promise<unknown>;
  /** Refreshed once the remark is kept. */
  queryKey: readonly unknown[];
}) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const time = useTime();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ content: string }>();
  const mutation = useMutation({
    mutationFn: add,
    onSuccess: async () => {
      form.resetFields();
      message.success(t`Remark added`);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
  return (
    <Card size="small" title={t`Remarks`} data-testid="bill-remarks">
      {canEdit && (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => mutation.mutate({ id: billId, content: v.content.trim() })}
        >
          <Form.Item
            name="content"
            label={t`New remark`}
            rules={[{ required: true, whitespace: true, message: t`Write the remark` }]}
          >
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t`Add remark`}
          </Button>
        </Form>
      )}
      <List
        dataSource={[...remarks]}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No remarks`} /> }}
        renderItem={(r) => (
          <List.Item key={r.recId}>
            <List.Item.Meta
              title={typed(r.content)}
              description={`${time(r.createdAt)} · ${r.createdBy ?? '—'}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
