import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Form, Row, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { OrderDetail } from '../../../shared/contract/order.ts';
import { isApiError } from '../../api/errors.ts';
import { customerQueries } from '../../api/queries/customer.ts';
import {
  customerOrderKeys,
  customerOrderMutations,
  customerOrderQueries,
} from '../../api/queries/customer-order.ts';
import { ConsigneeFields, SenderFields } from './address-fields.tsx';
import { CustomerPicker, useIsStaff } from './customer-picker.tsx';
import {
  bodyOf,
  type EntryValues,
  entryIssues,
  fieldErrors,
  initialValues,
  translatedIssues,
} from './entry-form.ts';
import { GoodsLines } from './goods-lines.tsx';
import { OrderCreated } from './order-created.tsx';
import { ParcelFields } from './parcel-fields.tsx';

/** /admin/user/order/input: enter one order; on success its tracking no, and open it or enter another. */
export function OrderInputPage() {
  const { i18n } = useLingui();
  const staff = useIsStaff();
  const options = useQuery({ ...customerQueries.own(i18n.locale), enabled: !staff });
  const [created, setCreated] = useState<OrderDetail | null>(null);
  // A new key gives a fresh form (its initial values again) for the next order.
  const [formKey, setFormKey] = useState(0);
  if (!staff && options.isLoading) return <Spin />;
  if (created)
    return (
      <Card>
        <OrderCreated
          order={created}
          onAnother={() => {
            setCreated(null);
            setFormKey((k) => k + 1);
          }}
        />
      </Card>
    );
  return (
    <EntryForm key={formKey} initial={initialValues(options.data)} staff={staff} onCreated={setCreated} />
  );
}

function EntryForm({
  initial,
  staff,
  onCreated,
}: {
  initial: EntryValues;
  staff: boolean;
  onCreated: (order: OrderDetail) => void;
}) {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EntryValues>();
  const [failure, setFailure] = useState<string | null>(null);
  // Staff choose among the channels of the customer they enter the order for (the server accepts
  // no other), loaded once the customer is chosen and again whenever it changes.
  const customerId = Form.useWatch('customerId', form) as number | undefined;
  const channels = useQuery({
    ...customerOrderQueries.channels(i18n.locale, staff ? customerId : undefined),
    enabled: !staff || customerId !== undefined,
  });
  const create = useMutation(customerOrderMutations.create());
  const offered = staff && customerId === undefined ? undefined : channels.data;

  // A channel chosen for another customer is not offered to this one: the field empties.
  useEffect(() => {
    if (!offered) return;
    const chosen = form.getFieldValue('channelId') as number | undefined;
    if (chosen !== undefined && !offered.some((c) => c.recId === chosen))
      form.setFieldValue('channelId', undefined);
  }, [form, offered]);

  /**
   * The entry rules (the spec's messages) on fields the form's own rules left without an error, so
   * that every problem shows at once; answers whether there was any.
   */
  const markLocalIssues = (values: EntryValues): boolean => {
    const channel = offered?.find((c) => c.recId === values.channelId);
    const issues = translatedIssues(i18n, entryIssues(bodyOf(values), channel));
    const local = fieldErrors(issues);
    const fresh = local.filter((f) => form.getFieldError(f.name as never).length === 0);
    form.setFields(fresh as Parameters<typeof form.setFields>[0]);
    // The declared value concerns the goods lines together: no one field shows it, the alert does.
    const whole = issues.find((i) => i.path === 'goods');
    setFailure(issues.length ? (whole?.message ?? t`Correct the marked fields`) : null);
    return issues.length > 0;
  };

  const submit = async (values: EntryValues) => {
    setFailure(null);
    if (markLocalIssues(values)) return;
    const body = bodyOf(values);
    try {
      const order = await create.mutateAsync(body);
      await queryClient.invalidateQueries({ queryKey: customerOrderKeys.orders() });
      message.success(t`Order created`);
      onCreated(order);
    } catch (e) {
      if (!isApiError(e)) throw e;
      const issues = (e.data as { issues?: { path: string; message: string }[] } | null)?.issues ?? [];
      if (issues.length) form.setFields(fieldErrors(issues) as Parameters<typeof form.setFields>[0]);
      setFailure(e.msg);
    }
  };

  return (
    <Form<EntryValues>
      form={form}
      name="order-entry"
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onFinishFailed={({ values }) => {
        if (!markLocalIssues(values)) setFailure(t`Correct the marked fields`);
      }}
      data-testid="order-entry"
    >
      <Flex vertical gap={16}>
        {staff && (
          <Card size="small">
            <Form.Item
              name="customerId"
              label={t`Customer`}
              rules={[{ required: true, message: t`Select the customer` }]}
              style={{ marginBlockEnd: 0 }}
            >
              <CustomerPicker />
            </Form.Item>
          </Card>
        )}
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Card title={t`Consignee`} size="small" style={{ blockSize: '100%' }}>
              <ConsigneeFields />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title={t`Sender`} size="small" style={{ blockSize: '100%' }}>
              <SenderFields
                hint={staff ? t`Leave the sender empty to use the customer's default sender` : undefined}
              />
            </Card>
          </Col>
        </Row>
        <Card title={t`Parcel`} size="small">
          <ParcelFields
            channels={offered ?? []}
            loading={channels.isLoading}
            empty={
              !staff
                ? t`No channel is assigned to you yet`
                : customerId === undefined
                  ? t`Select the customer first`
                  : t`No channel is assigned to this customer`
            }
          />
        </Card>
        <Card title={t`Goods`} size="small">
          <GoodsLines />
        </Card>
        {failure && <Alert type="error" showIcon title={failure} data-testid="entry-failure" />}
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t`Submit`}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFailure(null);
            }}
          >
            {t`Reset`}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}
