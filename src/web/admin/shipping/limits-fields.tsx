import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { AutoComplete, Button, Col, Form, InputNumber, Row, Typography } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { LIMIT_MAX_AMOUNT, LIMIT_MAX_WEIGHT } from '../../../shared/domain/channel-limits.ts';
import { type LimitRow, NEW_LIMIT_ROW } from './form-values.ts';
import { CURRENCIES } from './labels.ts';

const filled = (v: string | null | undefined) => v !== null && v !== undefined && v !== '';

/**
 * The channel's plausibility limits (issue 41): the heaviest parcel, and per currency the largest
 * COD and the declared value's range. Orders outside them are refused on entry and import; an
 * empty field is no limit. The server checks the same (channel-limits.ts) and names its issues by
 * these fields' paths.
 */
export function LimitsFields({ disabled }: { disabled: boolean }) {
  const { t } = useLingui();
  const form = Form.useFormInstance();
  const rows = () => (form.getFieldValue('currencyLimits') ?? []) as LimitRow[];

  const amount = (field: FormListFieldData, key: keyof Omit<LimitRow, 'currency'>, label: string) => (
    <Form.Item
      name={[field.name, key]}
      label={label}
      dependencies={key === 'maxDeclared' ? [['currencyLimits', field.name, 'minDeclared']] : []}
      rules={
        key === 'maxDeclared'
          ? [
              {
                validator: async (_, v: string | null) => {
                  const min = rows()[field.name]?.minDeclared;
                  if (filled(v) && filled(min) && Number(min) > Number(v))
                    throw new Error(t`The lowest declared value is above the highest`);
                },
              },
            ]
          : []
      }
    >
      <InputNumber<string>
        stringMode
        min="0"
        max={String(LIMIT_MAX_AMOUNT)}
        precision={2}
        placeholder={t`No limit`}
        aria-label={label}
        style={{ inlineSize: '100%' }}
      />
    </Form.Item>
  );

  return (
    <div data-testid="channel-limits">
      <Typography.Paragraph type="secondary">
        {t`Orders outside these limits are refused when they are entered or imported, with a message naming the limit. Leave a field empty for no limit.`}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name="maxWeight"
            label={t`Maximum weight (kg)`}
            rules={[
              {
                validator: async (_, v: string | null) => {
                  if (filled(v) && !(Number(v) > 0)) throw new Error(t`Must be greater than 0`);
                },
              },
            ]}
          >
            <InputNumber<string>
              stringMode
              min="0"
              max={String(LIMIT_MAX_WEIGHT)}
              precision={3}
              placeholder={t`No limit`}
              style={{ inlineSize: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name="currencyLimits">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Row gutter={16} key={field.key} align="bottom" data-testid="currency-limit">
                <Col xs={24} sm={12} lg={4}>
                  <Form.Item
                    name={[field.name, 'currency']}
                    label={t`Currency`}
                    normalize={(v: string) => v?.toUpperCase()}
                    rules={[
                      { required: true, pattern: /^[A-Za-z]{3}$/, message: t`3 letters, e.g. CNY` },
                      {
                        validator: async (_, v: string | undefined) => {
                          if (v && rows().some((r, i) => i !== field.name && r?.currency === v))
                            throw new Error(t`This currency already has a row`);
                          const row = rows()[field.name];
                          if (
                            row &&
                            !filled(row.maxCod) &&
                            !filled(row.minDeclared) &&
                            !filled(row.maxDeclared)
                          )
                            throw new Error(t`Set at least one limit for this currency, or remove the row`);
                        },
                      },
                    ]}
                  >
                    <AutoComplete
                      options={CURRENCIES.map((c) => ({ value: c }))}
                      aria-label={t`Currency`}
                      style={{ inlineSize: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={6}>
                  {amount(field, 'maxCod', t`Maximum COD`)}
                </Col>
                <Col xs={12} sm={12} lg={6}>
                  {amount(field, 'minDeclared', t`Lowest declared value`)}
                </Col>
                <Col xs={12} sm={12} lg={6}>
                  {amount(field, 'maxDeclared', t`Highest declared value`)}
                </Col>
                {!disabled && (
                  <Col flex="none">
                    <Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t`Remove these limits`}
                        onClick={() => remove(field.name)}
                      />
                    </Form.Item>
                  </Col>
                )}
              </Row>
            ))}
            {!disabled && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...NEW_LIMIT_ROW })}>
                {t`Add limits for a currency`}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </div>
  );
}
