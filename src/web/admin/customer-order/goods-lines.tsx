import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Form, Input, Select } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { MAX_GOODS_LINES } from '../../../shared/domain/order-entry.ts';
import { ImageUpload } from '../kit/image-upload.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { emptyGoods } from './entry-form.ts';
import { CURRENCIES } from './labels.ts';

const cell = { marginBlockEnd: 0 };

/**
 * The goods lines of an order as an editable table: English and Chinese name, quantity, HS code,
 * unit price and its currency, specification, photos (through the cropper). Errors (the spec's "English goods name cannot be
 * empty", "Enter a correct number") show under the cell they concern.
 */
export function GoodsLines() {
  const { t } = useLingui();
  return (
    <Form.List name="goods">
      {(fields, { add, remove }) => (
        <>
          <RowsTable<FormListFieldData>
            testId="goods-lines"
            rowKey="key"
            rows={fields}
            columns={[
              { title: '#', key: 'no', width: 40, render: (_, __, i) => i + 1 },
              {
                title: t`English name`,
                key: 'nameEn',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'nameEn']} style={cell}>
                    <Input maxLength={200} aria-label={t`English name`} style={{ minInlineSize: 160 }} />
                  </Form.Item>
                ),
              },
              {
                title: t`Chinese name`,
                key: 'nameCn',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'nameCn']} style={cell}>
                    <Input maxLength={200} aria-label={t`Chinese name`} style={{ minInlineSize: 120 }} />
                  </Form.Item>
                ),
              },
              {
                title: t`Quantity`,
                key: 'quantity',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'quantity']} style={cell}>
                    <Input
                      inputMode="numeric"
                      aria-label={t`Quantity`}
                      dir="ltr"
                      style={{ inlineSize: 80 }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t`HS code`,
                key: 'hsCode',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'hsCode']} style={cell}>
                    <Input maxLength={13} aria-label={t`HS code`} dir="ltr" style={{ inlineSize: 120 }} />
                  </Form.Item>
                ),
              },
              {
                title: t`Unit price`,
                key: 'unitPrice',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'unitPrice']} style={cell}>
                    <Input
                      inputMode="decimal"
                      aria-label={t`Unit price`}
                      dir="ltr"
                      style={{ inlineSize: 100 }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t`Currency`,
                key: 'currency',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'currency']} style={cell}>
                    <Select
                      aria-label={t`Currency`}
                      style={{ inlineSize: 90 }}
                      options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t`Specification`,
                key: 'specification',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'specification']} style={cell}>
                    <Input maxLength={200} aria-label={t`Specification`} style={{ minInlineSize: 120 }} />
                  </Form.Item>
                ),
              },
              {
                title: t`Photos`,
                key: 'images',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'images']} style={cell}>
                    <ImageUpload testId={`goods-photos-${f.name}`} />
                  </Form.Item>
                ),
              },
              {
                title: '',
                key: 'remove',
                width: 48,
                render: (_, f) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t`Remove this goods line`}
                    disabled={fields.length <= 1}
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_GOODS_LINES}
            onClick={() => add(emptyGoods())}
            style={{ marginBlockStart: 8 }}
            block
          >
            {t`Add a goods line`}
          </Button>
        </>
      )}
    </Form.List>
  );
}
