import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { AutoComplete, Button, Form, InputNumber, Select, type TableColumnsType } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { RowsTable } from '../kit/rows-table.tsx';
import { NEW_PRICE_ROW, type PriceRow } from './form-values.ts';
import { CURRENCIES } from './labels.ts';

export interface CountryChoice {
  recId: number;
  label: string;
}

const cell = { marginBlockEnd: 0 };

/**
 * The price rules of a channel, one row per destination country, edited in place: first weight and
 * its price, the additional weight step and its price, the COD fee rate (%) and its minimum.
 */
export function PriceRulesTable({
  countries,
  disabled,
}: {
  countries: readonly CountryChoice[];
  disabled: boolean;
}) {
  const { t } = useLingui();
  const form = Form.useFormInstance();
  const countryOptions = countries.map((c) => ({ value: c.recId, label: c.label }));

  const weight = (field: FormListFieldData, key: 'firstWeight' | 'stepWeight', label: string) => (
    <Form.Item
      name={[field.name, key]}
      style={cell}
      rules={[
        { required: true, message: t`Required` },
        {
          validator: async (_, v: string | null) => {
            if (v !== null && v !== undefined && !(Number(v) > 0)) throw new Error(t`Must be greater than 0`);
          },
        },
      ]}
    >
      <InputNumber<string>
        stringMode
        min="0"
        max="100000"
        step="0.5"
        precision={3}
        aria-label={label}
        style={{ inlineSize: '100%' }}
      />
    </Form.Item>
  );
  const money = (
    field: FormListFieldData,
    key: 'firstPrice' | 'stepPrice' | 'minCodFee',
    label: string,
    required = true,
  ) => (
    <Form.Item
      name={[field.name, key]}
      style={cell}
      rules={required ? [{ required: true, message: t`Required` }] : []}
    >
      <InputNumber<string>
        stringMode
        min="0"
        max="1000000"
        precision={2}
        aria-label={label}
        style={{ inlineSize: '100%' }}
      />
    </Form.Item>
  );

  return (
    <Form.List name="prices">
      {(fields, { add, remove }) => {
        const columns: TableColumnsType<FormListFieldData> = [
          {
            title: t`Country`,
            key: 'countryId',
            width: 170,
            render: (_, field) => (
              <Form.Item
                name={[field.name, 'countryId']}
                style={cell}
                rules={[
                  { required: true, message: t`Select a country` },
                  {
                    validator: async (_, v: number | undefined) => {
                      const rows = (form.getFieldValue('prices') ?? []) as PriceRow[];
                      if (v !== undefined && rows.some((r, i) => i !== field.name && r?.countryId === v))
                        throw new Error(t`This country already has a rule`);
                    },
                  },
                ]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t`Select a country`}
                  options={countryOptions}
                  aria-label={t`Country`}
                  style={{ inlineSize: '100%' }}
                />
              </Form.Item>
            ),
          },
          {
            title: t`Currency`,
            key: 'currency',
            width: 90,
            render: (_, field) => (
              <Form.Item
                name={[field.name, 'currency']}
                style={cell}
                normalize={(v: string) => v?.toUpperCase()}
                rules={[{ required: true, pattern: /^[A-Za-z]{3}$/, message: t`3 letters, e.g. CNY` }]}
              >
                <AutoComplete
                  options={CURRENCIES.map((c) => ({ value: c }))}
                  aria-label={t`Currency`}
                  style={{ inlineSize: '100%' }}
                />
              </Form.Item>
            ),
          },
          {
            title: t`First weight (kg)`,
            key: 'firstWeight',
            width: 110,
            render: (_, f) => weight(f, 'firstWeight', t`First weight (kg)`),
          },
          {
            title: t`First-weight price`,
            key: 'firstPrice',
            width: 110,
            render: (_, f) => money(f, 'firstPrice', t`First-weight price`),
          },
          {
            title: t`Additional step (kg)`,
            key: 'stepWeight',
            width: 110,
            render: (_, f) => weight(f, 'stepWeight', t`Additional step (kg)`),
          },
          {
            title: t`Price per step`,
            key: 'stepPrice',
            width: 110,
            render: (_, f) => money(f, 'stepPrice', t`Price per step`),
          },
          {
            title: t`COD fee rate (%)`,
            key: 'codFeeRate',
            width: 100,
            render: (_, field) => (
              <Form.Item name={[field.name, 'codFeeRate']} style={cell}>
                <InputNumber<string>
                  stringMode
                  min="0"
                  max="100"
                  step="0.1"
                  precision={2}
                  aria-label={t`COD fee rate (%)`}
                  style={{ inlineSize: '100%' }}
                />
              </Form.Item>
            ),
          },
          {
            title: t`Minimum COD fee`,
            key: 'minCodFee',
            width: 110,
            render: (_, f) => money(f, 'minCodFee', t`Minimum COD fee`, false),
          },
        ];
        if (!disabled)
          columns.push({
            key: 'remove',
            width: 48,
            render: (_, field) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t`Remove this rule`}
                onClick={() => remove(field.name)}
              />
            ),
          });
        return (
          <>
            <RowsTable<FormListFieldData>
              testId="price-rules"
              rowKey="key"
              columns={columns}
              rows={fields}
              empty={t`No price rules: add one per destination country`}
            />
            {!disabled && (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                style={{ marginBlockStart: 12 }}
                onClick={() => add({ ...NEW_PRICE_ROW })}
              >
                {t`Add price rule`}
              </Button>
            )}
          </>
        );
      }}
    </Form.List>
  );
}
