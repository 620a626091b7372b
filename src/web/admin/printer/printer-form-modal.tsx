import { useLingui } from '@lingui/react/macro';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import type { DepotRecord } from '../../../shared/contract/depot.ts';
import { LABEL_SIZES, type PrinterRecord } from '../../../shared/contract/printer.ts';
import { labelSizeName } from '../../../shared/domain/printing.ts';
import { printerKeys, printerMutations } from '../../api/queries/printer.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { FormModal } from '../shared/form-modal.tsx';
import { useSaveMutation } from '../shared/use-save-mutation.ts';

interface PrinterFormValues {
  name: string;
  host: string;
  port: number;
  dpi: 203 | 300;
  labelSize: (typeof LABEL_SIZES)[number];
  depotId: number | null;
  isDefault: boolean;
  status: number;
  remark: string;
}

const NEW_PRINTER: PrinterFormValues = {
  name: '',
  host: '',
  port: 9100,
  dpi: 203,
  labelSize: '100x150',
  depotId: null,
  isDefault: false,
  status: 1,
  remark: '',
};

const valuesOf = (p: PrinterRecord): PrinterFormValues => ({
  name: p.name,
  host: p.host,
  port: p.port,
  dpi: p.dpi === 300 ? 300 : 203,
  labelSize: labelSizeName(p.labelWidthMm, p.labelHeightMm),
  depotId: p.depotId,
  isDefault: p.isDefault,
  status: p.status,
  remark: p.remark,
});

/** Adds (`printer` null) or edits a label printer. */
export function PrinterFormModal({
  open,
  printer,
  depots,
  onClose,
}: {
  open: boolean;
  printer: PrinterRecord | null;
  depots: readonly DepotRecord[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useSaveMutation(printerMutations.save(), {
    editing: !!printer,
    invalidate: [printerKeys.all()],
    onClose,
  });

  return (
    <FormModal<PrinterFormValues>
      open={open}
      title={printer ? t`Edit printer` : t`Add printer`}
      name="printer"
      initialValues={printer ? valuesOf(printer) : NEW_PRINTER}
      saving={save.isPending}
      onFinish={(values) =>
        save.mutate({
          ...values,
          name: values.name.trim(),
          host: values.host.trim(),
          remark: values.remark?.trim() ?? '',
          ...(printer ? { recId: printer.recId } : {}),
        })
      }
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t`Name`}
            rules={[{ required: true, whitespace: true, message: t`Please enter the name` }]}
          >
            <Input maxLength={64} placeholder={t`e.g. Packing line 1`} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="depotId" label={t`Warehouse`}>
            <Select
              allowClear
              placeholder={t`Select a warehouse`}
              options={depots.map((d) => ({ value: d.recId, label: `${d.code} ${d.name}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={16} sm={16}>
          <Form.Item
            name="host"
            label={t`Address`}
            extra={t`The printer's IP address or host name on the warehouse network`}
            rules={[
              { required: true, whitespace: true, message: t`Please enter the address` },
              { pattern: /^[A-Za-z0-9.:\-[\]]+$/, message: t`An IP address or a host name` },
            ]}
          >
            <Input maxLength={253} dir="ltr" placeholder="192.168.1.50" />
          </Form.Item>
        </Col>
        <Col xs={8} sm={8}>
          <Form.Item name="port" label={t`Port`} rules={[{ required: true }]}>
            <InputNumber min={1} max={65535} precision={0} style={{ inlineSize: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12}>
          <Form.Item name="dpi" label={t`Resolution`}>
            <Radio.Group
              options={[
                { value: 203, label: '203 dpi' },
                { value: 300, label: '300 dpi' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12}>
          <Form.Item name="labelSize" label={t`Label size (mm)`}>
            <Select options={LABEL_SIZES.map((s) => ({ value: s, label: s.replace('x', ' × ') }))} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12}>
          <Form.Item
            name="isDefault"
            label={t`Default printer of its warehouse`}
            valuePropName="checked"
            dependencies={['depotId']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, v: boolean) => {
                  if (v && !getFieldValue('depotId')) throw new Error(t`Choose the warehouse first`);
                },
              }),
            ]}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12}>
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
    </FormModal>
  );
}
