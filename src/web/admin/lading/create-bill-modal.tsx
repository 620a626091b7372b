import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import type { ReactNode } from 'react';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';
import { localNamedOptions, namedOptions } from '../kit/text.ts';

/** What every new bill (lading, overseas lading) is opened with: a channel, and what defaults from it. */
export interface NewBillValues {
  channelId?: number;
  carrierId?: number;
  countryId?: number;
  remark?: string;
}

/** The request body of those values; the form requires the channel, an empty remark is none. */
export const newBillBody = (v: NewBillValues) => ({
  channelId: v.channelId ?? null,
  carrierId: v.carrierId,
  countryId: v.countryId,
  remark: v.remark?.trim() || undefined,
});

/**
 * The dialog that opens a new bill for a shipping channel: the channel, then the carrier and the
 * destination country, which default from the channel when left empty, the kind's own fields
 * (`children`, after the carrier) and a remark. A refusal was shown by the API client; the dialog
 * stays open to fix it.
 */
export function CreateBillModal<V extends NewBillValues>({
  open,
  title,
  name,
  testId,
  saving,
  create,
  createdText,
  onClose,
  onCreated,
  children,
}: {
  open: boolean;
  title: string;
  /** The form's name (its fields' ids start with it). */
  name: string;
  testId: string;
  saving: boolean;
  create: (values: V) => Promise<{ recId: number; no: string }>;
  /** The toast of a bill created ("Lading bill … created"). */
  createdText: (no: string) => string;
  onClose: () => void;
  onCreated: (bill: { recId: number; no: string }) => void;
  children?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const channels = useQuery({ ...shippingQueries.options(false), enabled: open }).data ?? [];
  const carriers = useQuery({ ...carrierQueries.options(), enabled: open }).data ?? [];
  const countries = useQuery({ ...regionQueries.countries(i18n.locale), enabled: open }).data ?? [];
  const fromChannel = t`From the channel`;

  return (
    <Modal
      open={open}
      title={title}
      okText={t`Create`}
      cancelText={t`Cancel`}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        name={name}
        layout="vertical"
        preserve={false}
        data-testid={testId}
        onFinish={async (v) => {
          const bill = await create(v).catch(() => null);
          if (!bill) return;
          message.success(createdText(bill.no));
          onCreated(bill);
        }}
      >
        <Form.Item
          name="channelId"
          label={t`Shipping channel`}
          rules={[{ required: true, message: t`Select a logistics channel first` }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={localNamedOptions(channels, i18n.locale)}
          />
        </Form.Item>
        <Form.Item name="carrierId" label={t`Carrier`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={fromChannel}
            options={carriers.map((c) => ({ value: c.recId, label: c.code }))}
          />
        </Form.Item>
        {children}
        <Form.Item name="countryId" label={t`Destination country`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={fromChannel}
            options={namedOptions(countries)}
          />
        </Form.Item>
        <Form.Item name="remark" label={t`Remark`}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
