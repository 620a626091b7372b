import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { App, Button, Card, Col, Divider, Empty, Form, Input, Result, Row, Select, Space, Spin } from 'antd';
import type { CustomerOptions } from '../../../shared/contract/customer.ts';
import { customerKeys, customerMutations, customerQueries } from '../../api/queries/customer.ts';
import { regionKeys } from '../../api/queries/region.ts';
import { namedOptions } from '../kit/text.ts';
import { RegionCascader } from '../region/region-cascader.tsx';
import { CustomerOnly } from './customer-only.tsx';

interface FormValues {
  contact: string;
  phone: string;
  notifyEmail: string;
  defaultChannelId: number | null;
  senderContact: string;
  senderPhone: string;
  senderRegion: number[] | undefined;
  senderAddress: string;
  senderPostCode: string;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const SENDER_PHONE = /^[+\d][\d\s()-]{3,39}$/;
const SENDER_FIELDS = ['senderContact', 'senderPhone', 'senderRegion', 'senderAddress'] as const;

const valuesOf = (o: CustomerOptions): FormValues => ({
  contact: o.contact,
  phone: o.phone,
  notifyEmail: o.notifyEmail,
  defaultChannelId: o.defaultChannelId,
  senderContact: o.sender?.contact ?? '',
  senderPhone: o.sender?.phone ?? '',
  senderRegion: o.sender?.regionIds,
  senderAddress: o.sender?.address ?? '',
  senderPostCode: o.sender?.postCode ?? '',
});

/** /admin/user/options/edit: the main account changes its customer's settings. */
export function OptionsEdit() {
  return (
    <CustomerOnly>
      <OptionsForm />
    </CustomerOnly>
  );
}

function OptionsForm() {
  const { t, i18n } = useLingui();
  const options = useQuery(customerQueries.own(i18n.locale));
  if (!options.data) return options.isLoading ? <Spin /> : <Empty />;
  if (!options.data.editable)
    return (
      <Result
        status="403"
        title={t`Only the main account can change these settings`}
        extra={<BackButton />}
      />
    );
  return <EditCard options={options.data} />;
}

function BackButton() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return <Button onClick={() => navigate({ to: '/admin/user/options' })}>{t`Back`}</Button>;
}

function EditCard({ options }: { options: CustomerOptions }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const save = useMutation({
    ...customerMutations.updateOwn(),
    onSuccess: async () => {
      message.success(t`Saved`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.options() }),
        queryClient.invalidateQueries({ queryKey: regionKeys.customer() }),
      ]);
      await navigate({ to: '/admin/user/options' });
    },
  });

  /** The sender is all or nothing: once any of its fields is filled, the others are needed. */
  const senderRequired = (message: string) => ({
    validator: async (_: unknown, value: unknown) => {
      const v = form.getFieldsValue();
      const started = SENDER_FIELDS.some((k) =>
        Array.isArray(v[k]) ? v[k].length : String(v[k] ?? '').trim(),
      );
      const empty = Array.isArray(value) ? value.length === 0 : !String(value ?? '').trim();
      if ((started || options.sender) && empty) throw new Error(message);
    },
  });

  const submit = (v: FormValues) => {
    const regionId = v.senderRegion?.[v.senderRegion.length - 1];
    save.mutate({
      contact: v.contact ?? '',
      phone: v.phone ?? '',
      notifyEmail: v.notifyEmail ?? '',
      defaultChannelId: v.defaultChannelId ?? null,
      ...(regionId
        ? {
            sender: {
              regionId,
              contact: v.senderContact,
              phone: v.senderPhone,
              address: v.senderAddress,
              postCode: v.senderPostCode ?? '',
            },
          }
        : {}),
    });
  };

  return (
    <Card title={t`Edit my settings`} data-testid="customer-options-edit">
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="customer-options"
        initialValues={valuesOf(options)}
        onFinish={submit}
        style={{ maxInlineSize: 860 }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="defaultChannelId" label={t`Default channel`}>
              <Select
                allowClear
                placeholder={t`Select a channel`}
                notFoundContent={t`No channel is assigned to you yet`}
                options={namedOptions(options.channels)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="notifyEmail"
              label={t`Notification e-mail`}
              extra={t`Up to 5 addresses, separated by commas`}
              rules={[
                {
                  validator: async (_, value: string) => {
                    const list = (value ?? '').split(/[,;，；\s]+/).filter(Boolean);
                    if (list.length > 5 || list.some((e) => !EMAIL.test(e)))
                      throw new Error(t`Enter valid e-mail addresses, separated by commas`);
                  },
                },
              ]}
            >
              <Input maxLength={500} dir="ltr" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contact" label={t`Contact`}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t`Phone`}
              rules={[{ pattern: /^[0-9+\-() ]*$/, message: t`Digits, spaces and + - ( ) only` }]}
            >
              <Input maxLength={40} dir="ltr" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t`Default sender`}</Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="senderContact"
              label={t`Sender name`}
              rules={[senderRequired(t`Please enter the sender name`)]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="senderPhone"
              label={t`Sender phone`}
              rules={[
                senderRequired(t`Please enter the sender phone`),
                { pattern: SENDER_PHONE, message: t`Enter a phone number: digits, spaces and + - ( )` },
              ]}
            >
              <Input maxLength={40} dir="ltr" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="senderRegion"
              label={t`Country / province / city`}
              rules={[senderRequired(t`Please choose the region`)]}
            >
              <RegionCascader data-testid="sender-region" style={{ inlineSize: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item
              name="senderAddress"
              label={t`Address`}
              rules={[senderRequired(t`Please enter the address`)]}
            >
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="senderPostCode" label={t`Post code`}>
              <Input maxLength={20} dir="ltr" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t`Save`}
          </Button>
          <BackButton />
        </Space>
      </Form>
    </Card>
  );
}
