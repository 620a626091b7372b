import { MinusCircleOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, App, Button, Card, Checkbox, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import type { OriginInput } from '../../../shared/contract/origin-order.ts';
import { ORIGIN_PLATFORMS, PLATFORM_NAMES } from '../../../shared/domain/origin-order.ts';
import { isApiError } from '../../api/errors.ts';
import { customerQueries } from '../../api/queries/customer.ts';
import { originKeys, originMutations } from '../../api/queries/origin-order.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';
import { localNamedOptions, namedOptions } from '../kit/text.ts';
import { MANAGE_DETAIL_PATH } from './search.ts';

type Values = OriginInput;

/** `goods.0.nameEn` (the server's issue path) → ['goods', 0, 'nameEn'] (the form's field name). */
const fieldName = (path: string) => path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

const half = { xs: 24, md: 12, xl: 6 } as const;

/**
 * foreignOrder/input: one origin order entered by hand, as a platform would have sent it (the
 * addresses as written; they are confirmed on the management screen before the upload).
 */
export function OriginInputPage() {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customers = useQuery(customerQueries.picker()).data ?? [];
  const channels = useQuery(shippingQueries.options()).data ?? [];
  const create = useMutation(originMutations.create());
  const [refusal, setRefusal] = useState<string | null>(null);
  const isCod = Form.useWatch('isCod', form);
  const required = (label: string) => [
    { required: true, whitespace: true, message: t`${label} is required` },
  ];

  const submit = async (values: Values) => {
    setRefusal(null);
    try {
      const made = await create.mutateAsync(values);
      const no = made.platformOrderNo;
      message.success(t`Foreign order ${no} saved`);
      await queryClient.invalidateQueries({ queryKey: originKeys.all() });
      form.resetFields();
      void navigate({
        to: MANAGE_DETAIL_PATH,
        params: { id: String(made.recId) },
        search: { name: made.platformOrderNo },
      });
    } catch (e) {
      if (!isApiError(e)) throw e;
      const issues = (e.data as { issues?: { path: string; message: string }[] } | null)?.issues ?? [];
      if (issues.length)
        form.setFields(
          issues
            .filter((i) => i.path)
            .map((i) => ({ name: fieldName(i.path), errors: [i.message] })) as Parameters<
            typeof form.setFields
          >[0],
        );
      setRefusal(e.msg);
    }
  };

  const party = (side: 'receiver' | 'sender') => (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item name={[side, 'name']} label={t`Name`} rules={required(t`Name`)}>
          <Input maxLength={100} dir="auto" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name={[side, 'phone']}
          label={t`Phone`}
          rules={side === 'receiver' ? required(t`Phone`) : undefined}
        >
          <Input maxLength={30} dir="ltr" />
        </Form.Item>
      </Col>
      {side === 'receiver' ? (
        <Col {...half}>
          <Form.Item name={['receiver', 'phone2']} label={t`Alternate phone`}>
            <Input maxLength={30} dir="ltr" />
          </Form.Item>
        </Col>
      ) : (
        <Col {...half}>
          <Form.Item name={['sender', 'company']} label={t`Company`}>
            <Input maxLength={100} dir="auto" />
          </Form.Item>
        </Col>
      )}
      <Col {...half}>
        <Form.Item name={[side, 'postcode']} label={t`Post code`}>
          <Input maxLength={20} dir="ltr" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={[side, 'country']} label={t`Country`} rules={required(t`Country`)}>
          <Input maxLength={100} dir="auto" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={[side, 'province']} label={t`Province`}>
          <Input maxLength={100} dir="auto" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={[side, 'city']} label={t`City`}>
          <Input maxLength={100} dir="auto" />
        </Form.Item>
      </Col>
      {side === 'receiver' && (
        <Col {...half}>
          <Form.Item name={['receiver', 'district']} label={t`District`}>
            <Input maxLength={100} dir="auto" />
          </Form.Item>
        </Col>
      )}
      <Col xs={24}>
        <Form.Item name={[side, 'address']} label={t`Address`} rules={required(t`Address`)}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={300} dir="auto" />
        </Form.Item>
      </Col>
    </Row>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{
        platform: 'NOON',
        packingType: '3',
        packageCount: '1',
        isCod: false,
        goods: [{ quantity: '1', unitPrice: '', currency: 'USD' }],
      }}
      data-testid="origin-input-page"
    >
      <Flex vertical gap={16}>
        <Card size="small" title={t`Foreign order`}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="platform" label={t`Platform`} rules={[{ required: true }]}>
                <Select
                  options={ORIGIN_PLATFORMS.map((p) => ({
                    value: p,
                    label: p === 'OTHER' ? t`Other` : PLATFORM_NAMES[p],
                  }))}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="platformOrderNo"
                label={t`Platform order no`}
                rules={required(t`Platform order no`)}
              >
                <Input maxLength={50} dir="ltr" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="shopName" label={t`Shop`}>
                <Input maxLength={100} dir="auto" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="customerId"
                label={t`Customer`}
                rules={[{ required: true, message: t`Choose the customer` }]}
              >
                <Select showSearch={{ optionFilterProp: 'label' }} options={namedOptions(customers)} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="channelId"
                label={t`Shipping channel`}
                rules={[{ required: true, message: t`Choose a shipping channel` }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={localNamedOptions(channels, i18n.locale)}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card size="small" title={t`Receiver (as the platform sent it)`}>
          {party('receiver')}
        </Card>
        <Card size="small" title={t`Sender`}>
          {party('sender')}
        </Card>
        <Card size="small" title={t`Parcel`}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="weight" label={t`Weight (kg)`} rules={required(t`Weight (kg)`)}>
                <Input inputMode="decimal" dir="ltr" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label={t`Length × width × height (cm)`}>
                <Flex gap={4}>
                  <Form.Item name="length" noStyle>
                    <Input inputMode="decimal" dir="ltr" aria-label={t`Length`} />
                  </Form.Item>
                  <Form.Item name="width" noStyle>
                    <Input inputMode="decimal" dir="ltr" aria-label={t`Width`} />
                  </Form.Item>
                  <Form.Item name="height" noStyle>
                    <Input inputMode="decimal" dir="ltr" aria-label={t`Height`} />
                  </Form.Item>
                </Flex>
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="packageCount" label={t`Packages`}>
                <Input inputMode="numeric" dir="ltr" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="packingType" label={t`Packing`}>
                <Select
                  options={[
                    { value: '1', label: t`Envelope` },
                    { value: '2', label: t`Pack bag` },
                    { value: '3', label: t`Own packaging` },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="isCod" valuePropName="checked" label={t`Cash on delivery`}>
                <Checkbox>{t`COD`}</Checkbox>
              </Form.Item>
            </Col>
            {isCod && (
              <>
                <Col {...half}>
                  <Form.Item name="codAmount" label={t`COD amount`} rules={required(t`COD amount`)}>
                    <Input inputMode="decimal" dir="ltr" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="codCurrency" label={t`COD currency`} rules={required(t`COD currency`)}>
                    <Input maxLength={3} dir="ltr" placeholder="SAR" />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col xs={24}>
              <Form.Item name="remark" label={t`Remark`}>
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card size="small" title={t`Goods`}>
          <Form.List name="goods">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4}>
                {fields.map((f, i) => (
                  <Flex key={f.key} gap={8} wrap align="flex-start" data-testid={`goods-line-${i}`}>
                    <Form.Item
                      name={[f.name, 'sku']}
                      label={i === 0 ? t`SKU` : undefined}
                      style={{ inlineSize: 120 }}
                    >
                      <Input maxLength={64} dir="ltr" aria-label={t`SKU`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'nameEn']}
                      label={i === 0 ? t`English name` : undefined}
                      style={{ inlineSize: 180 }}
                    >
                      <Input maxLength={200} aria-label={t`English name`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'nameCn']}
                      label={i === 0 ? t`Chinese name` : undefined}
                      style={{ inlineSize: 140 }}
                    >
                      <Input maxLength={200} aria-label={t`Chinese name`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'quantity']}
                      label={i === 0 ? t`Quantity` : undefined}
                      style={{ inlineSize: 90 }}
                    >
                      <Input inputMode="numeric" dir="ltr" aria-label={t`Quantity`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'hsCode']}
                      label={i === 0 ? t`HS code` : undefined}
                      style={{ inlineSize: 120 }}
                    >
                      <Input maxLength={13} dir="ltr" aria-label={t`HS code`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'unitPrice']}
                      label={i === 0 ? t`Unit price` : undefined}
                      style={{ inlineSize: 100 }}
                    >
                      <Input inputMode="decimal" dir="ltr" aria-label={t`Unit price`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'currency']}
                      label={i === 0 ? t`Currency` : undefined}
                      style={{ inlineSize: 80 }}
                    >
                      <Input maxLength={3} dir="ltr" aria-label={t`Currency`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'specification']}
                      label={i === 0 ? t`Specification` : undefined}
                      style={{ inlineSize: 140 }}
                    >
                      <Input maxLength={200} aria-label={t`Specification`} />
                    </Form.Item>
                    <Form.Item label={i === 0 ? ' ' : undefined}>
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        aria-label={t`Remove goods line`}
                        disabled={fields.length === 1}
                        onClick={() => remove(f.name)}
                      />
                    </Form.Item>
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ quantity: '1', currency: 'USD' })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t`Add goods line`}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="origin-input-refusal" />}
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={create.isPending}>
            {t`Save`}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
