import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Col, Divider, Form, Input, Radio, Row, Select, Switch } from 'antd';
import type { CustomerRecord } from '../../../shared/contract/customer.ts';
import { CURRENCIES, CUSTOMER_CODE_PATTERN, type Currency } from '../../../shared/domain/customer.ts';
import { MIN_PASSWORD_LENGTH } from '../../../shared/domain/password.ts';
import { customerKeys, customerMutations, customerQueries } from '../../api/queries/customer.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { FormModal } from '../shared/form-modal.tsx';
import { useSaveMutation } from '../shared/use-save-mutation.ts';
import { ChannelChecklist } from './channel-checklist.tsx';

interface CustomerFormValues {
  code: string;
  name: string;
  shortName: string;
  contact: string;
  phone: string;
  email: string;
  address: string;
  signingCompanyId: number | null;
  settlementCurrency: Currency;
  codAllowed: boolean;
  status: number;
  remark: string;
  channelIds: number[];
  withAccount: boolean;
  username?: string;
  password?: string;
}

const NEW_CUSTOMER: CustomerFormValues = {
  code: '',
  name: '',
  shortName: '',
  contact: '',
  phone: '',
  email: '',
  address: '',
  signingCompanyId: null,
  settlementCurrency: 'CNY',
  codAllowed: true,
  status: 1,
  remark: '',
  channelIds: [],
  withAccount: true,
};

const valuesOf = (c: CustomerRecord): CustomerFormValues => ({
  code: c.code,
  name: c.name,
  shortName: c.shortName,
  contact: c.contact,
  phone: c.phone,
  email: c.email,
  address: c.address,
  signingCompanyId: c.signingCompanyId,
  settlementCurrency: c.settlementCurrency,
  codAllowed: c.codAllowed,
  status: c.status,
  remark: c.remark,
  channelIds: c.channelIds,
  withAccount: false,
});

/** Creates (`customer` null, optionally with its main account) or edits a customer and its channels. */
export function CustomerFormModal({
  open,
  customer,
  onClose,
}: {
  open: boolean;
  customer: CustomerRecord | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<CustomerFormValues>();
  const withAccount = Form.useWatch('withAccount', form);
  const companies = useQuery({ ...customerQueries.signingCompanies(), enabled: open }).data ?? [];
  const save = useSaveMutation(customerMutations.save(), {
    editing: !!customer,
    invalidate: [customerKeys.all()],
    onClose,
  });

  const submit = ({ withAccount: create, username, password, ...values }: CustomerFormValues) =>
    save.mutate({
      ...values,
      code: values.code.trim().toUpperCase(),
      recId: customer?.recId,
      ...(!customer && create && username && password ? { mainAccount: { username, password } } : {}),
    });

  return (
    <FormModal<CustomerFormValues>
      open={open}
      title={customer ? t`Edit customer` : t`Add customer`}
      width={800}
      name="customer"
      form={form}
      initialValues={customer ? valuesOf(customer) : NEW_CUSTOMER}
      saving={save.isPending}
      onFinish={submit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="code"
            label={t`Customer code`}
            normalize={(v: string) => v.toUpperCase()}
            rules={[
              { required: true, whitespace: true, message: t`Please enter the code` },
              { pattern: CUSTOMER_CODE_PATTERN, message: t`2 to 20 capital letters or digits` },
            ]}
          >
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="name"
            label={t`Name`}
            rules={[{ required: true, whitespace: true, message: t`Please enter the name` }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item name="shortName" label={t`Short name`}>
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="contact" label={t`Contact`}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="phone"
            label={t`Phone`}
            rules={[{ pattern: /^[0-9+\-() ]*$/, message: t`Digits, spaces and + - ( ) only` }]}
          >
            <Input maxLength={40} dir="ltr" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="email"
            label={t`E-mail`}
            rules={[{ type: 'email', message: t`Enter a valid e-mail address` }]}
          >
            <Input maxLength={200} dir="ltr" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t`Address`}>
            <Input maxLength={300} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item name="signingCompanyId" label={t`Signing company`}>
            <Select
              allowClear
              placeholder={t`Select a signing company`}
              options={companies.map((c) => ({ value: c.recId, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item name="settlementCurrency" label={t`Settlement currency`}>
            <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item name="codAllowed" label={t`COD allowed`} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="channelIds" label={t`Shipping channels the customer may use`}>
            <ChannelChecklist customerId={customer?.recId} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item name="status" label={t`Status`}>
            <Radio.Group
              options={Object.entries(STATUS_LABELS).map(([v, label]) => ({
                value: Number(v),
                label: i18n._(label),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t`Remark`}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      {!customer && (
        <>
          <Divider titlePlacement="start" plain>
            {t`Main account`}
          </Divider>
          <Form.Item name="withAccount" valuePropName="checked" label={t`Create the main account now`}>
            <Switch />
          </Form.Item>
          {withAccount && (
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="username"
                  label={t`Username`}
                  rules={[
                    { required: true, whitespace: true, message: t`Please enter the username` },
                    { pattern: /^[A-Za-z0-9_.@-]+$/, message: t`Letters, digits and _ . @ - only` },
                  ]}
                >
                  <Input maxLength={64} autoComplete="off" dir="ltr" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="password"
                  label={t`Initial password`}
                  rules={[
                    { required: true, message: t`A password is required for a new account` },
                    { min: MIN_PASSWORD_LENGTH, message: t`The new password is at least 6 digits` },
                  ]}
                >
                  <Input.Password maxLength={128} autoComplete="new-password" />
                </Form.Item>
              </Col>
            </Row>
          )}
        </>
      )}
    </FormModal>
  );
}
