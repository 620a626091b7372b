import { useLingui } from '@lingui/react/macro';
import { Descriptions, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { type Price, priceFor } from '../../../shared/domain/pricing.ts';
import { Ltr } from '../../ui/bidi.tsx';
import type { PriceRow } from './form-values.ts';
import type { CountryChoice } from './price-rules-table.tsx';

interface Trial {
  weightKg: string | null;
  lengthCm: string | null;
  widthCm: string | null;
  heightCm: string | null;
  codAmount: string | null;
}

const orUndefined = (v: string | null) => (v === null || v === '' ? undefined : v);

/** What a parcel would cost under the rules being edited (the same computation orders use). */
export function PricePreview({ countries }: { countries: readonly CountryChoice[] }) {
  const { t } = useLingui();
  const form = Form.useFormInstance();
  const rows = (Form.useWatch('prices', form) ?? []) as (PriceRow | undefined)[];
  const divisor = Form.useWatch('volumeDivisor', form) as number | undefined;
  const [countryId, setCountryId] = useState<number>();
  const [trial, setTrial] = useState<Trial>({
    weightKg: '1',
    lengthCm: null,
    widthCm: null,
    heightCm: null,
    codAmount: null,
  });
  const priced = rows.filter((r): r is PriceRow => r?.countryId !== undefined);
  const rule = priced.find((r) => r.countryId === countryId) ?? priced[0];

  let price: Price | null = null;
  if (rule && trial.weightKg)
    try {
      price = priceFor(
        {
          firstWeight: rule.firstWeight ?? '',
          firstPrice: rule.firstPrice ?? '',
          stepWeight: rule.stepWeight ?? '',
          stepPrice: rule.stepPrice ?? '',
          codFeeRate: rule.codFeeRate || '0',
          minCodFee: rule.minCodFee || '0',
          volumeDivisor: divisor ?? 0,
          currency: rule.currency,
        },
        {
          weightKg: trial.weightKg,
          lengthCm: orUndefined(trial.lengthCm),
          widthCm: orUndefined(trial.widthCm),
          heightCm: orUndefined(trial.heightCm),
          codAmount: orUndefined(trial.codAmount),
        },
      );
    } catch {
      // An incomplete rule has no price yet.
    }

  const number = (key: keyof Trial, label: string, max: string) => (
    <InputNumber<string>
      stringMode
      min="0"
      max={max}
      aria-label={label}
      placeholder={label}
      value={trial[key]}
      onChange={(v) => setTrial((prev) => ({ ...prev, [key]: v }))}
      style={{ inlineSize: 110 }}
    />
  );

  return (
    <Space orientation="vertical" size={12} style={{ inlineSize: '100%' }} data-testid="price-preview">
      <Space wrap>
        <Select
          style={{ inlineSize: 180 }}
          aria-label={t`Country`}
          placeholder={t`Country`}
          value={rule?.countryId}
          onChange={setCountryId}
          options={priced.map((r) => ({
            value: r.countryId,
            label: countries.find((c) => c.recId === r.countryId)?.label ?? r.countryId,
          }))}
        />
        {number('weightKg', t`Weight (kg)`, '100000')}
        {number('lengthCm', t`Length (cm)`, '1000')}
        {number('widthCm', t`Width (cm)`, '1000')}
        {number('heightCm', t`Height (cm)`, '1000')}
        {number('codAmount', t`COD amount`, '1000000')}
      </Space>
      {price ? (
        <Descriptions size="small" column={{ xs: 1, sm: 3, lg: 5 }} bordered>
          <Descriptions.Item label={t`Volume weight`}>
            <Ltr>{`${price.volumeWeight} kg`}</Ltr>
          </Descriptions.Item>
          <Descriptions.Item label={t`Chargeable weight`}>
            <Ltr>{`${price.chargeableWeight} kg`}</Ltr>
          </Descriptions.Item>
          <Descriptions.Item label={t`Freight`}>
            <Ltr>{`${price.freight} ${price.currency}`}</Ltr>
          </Descriptions.Item>
          <Descriptions.Item label={t`COD fee`}>
            <Ltr>{`${price.codFee} ${price.currency}`}</Ltr>
          </Descriptions.Item>
          <Descriptions.Item label={t`Total`}>
            <Typography.Text strong data-testid="price-total">
              <Ltr>{`${price.total} ${price.currency}`}</Ltr>
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{t`Complete a price rule to see what a parcel costs.`}</Typography.Text>
      )}
    </Space>
  );
}
