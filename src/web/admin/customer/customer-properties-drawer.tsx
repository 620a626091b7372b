import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, Spin, Switch, Tag } from 'antd';
import type { CustomerProperties } from '../../../shared/contract/customer.ts';
import {
  CURRENCIES,
  LABEL_FORMATS,
  type PropertyKey,
  SETTLEMENT_CYCLES,
  VOLUME_DIVISOR_MAX,
  VOLUME_DIVISOR_MIN,
} from '../../../shared/domain/customer.ts';
import { customerKeys, customerMutations, customerQueries } from '../../api/queries/customer.ts';
import { useCan } from '../../session/permissions.ts';
import { useFormat } from '../kit/use-format.ts';
import { CYCLE_LABELS, LABEL_FORMAT_LABELS, PROPERTY_HELP, PROPERTY_LABELS } from './labels.ts';

type Values = CustomerProperties['values'];

/** The properties of one customer (listCustomerProperties / editCustomerProperties). */
export function CustomerPropertiesDrawer({
  customerId,
  title,
  onClose,
}: {
  customerId: number | undefined;
  title: string;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan('customer:edit');
  const [form] = Form.useForm<Values>();
  const properties = useQuery({
    ...customerQueries.properties(customerId ?? 0),
    enabled: customerId !== undefined,
  });
  const save = useMutation({
    ...customerMutations.editProperties(),
    onSuccess: async () => {
      message.success(t`Saved`);
      await queryClient.invalidateQueries({ queryKey: customerKeys.all() });
    },
  });
  const items = new Map(properties.data?.items.map((i) => [i.key as PropertyKey, i]));

  const label = (key: PropertyKey) => {
    const item = items.get(key);
    return (
      <Space size={6}>
        <span>{i18n._(PROPERTY_LABELS[key])}</span>
        {item && !item.updatedAt && <Tag>{t`Default`}</Tag>}
        {item?.updatedAt && (
          <Tag color="blue" title={t`Last changed`}>
            {format.dateTime(item.updatedAt)}
          </Tag>
        )}
      </Space>
    );
  };
  const field = (key: PropertyKey) => ({
    name: key,
    label: label(key),
    extra: i18n._(PROPERTY_HELP[key]),
  });

  return (
    <Drawer
      open={customerId !== undefined}
      onClose={onClose}
      title={title ? t`Properties of ${title}` : t`Properties`}
      size={520}
      destroyOnHidden
      extra={
        canEdit && (
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t`Save`}
          </Button>
        )
      }
    >
      {properties.data ? (
        <Form<Values>
          form={form}
          layout="vertical"
          name="customer-properties"
          disabled={!canEdit}
          initialValues={properties.data.values}
          onFinish={(values) =>
            customerId !== undefined &&
            save.mutate({
              customerId,
              properties: {
                ...values,
                creditLimit: values.creditLimit?.trim() ? values.creditLimit.trim() : null,
                volumeDivisor: values.volumeDivisor ?? null,
              },
            })
          }
        >
          <Form.Item {...field('settlementCurrency')}>
            <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item {...field('codAllowed')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            {...field('creditLimit')}
            rules={[
              { pattern: /^\s*(\d{1,12}(\.\d{1,2})?)?\s*$/, message: t`Enter an amount such as 5000.00` },
            ]}
          >
            <Input maxLength={16} dir="ltr" allowClear />
          </Form.Item>
          <Form.Item {...field('settlementCycle')}>
            <Select options={SETTLEMENT_CYCLES.map((c) => ({ value: c, label: i18n._(CYCLE_LABELS[c]) }))} />
          </Form.Item>
          <Form.Item {...field('labelFormat')}>
            <Select
              options={LABEL_FORMATS.map((f) => ({ value: f, label: i18n._(LABEL_FORMAT_LABELS[f]) }))}
            />
          </Form.Item>
          <Form.Item {...field('volumeDivisor')}>
            <InputNumber
              min={VOLUME_DIVISOR_MIN}
              max={VOLUME_DIVISOR_MAX}
              precision={0}
              style={{ inlineSize: 160 }}
            />
          </Form.Item>
        </Form>
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
