import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import type { OverseasCreateBody } from '../../../shared/contract/overseas-lading.ts';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { overseasMutations } from '../../api/queries/overseas.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';

interface Values {
  channelId?: number;
  carrierId?: number;
  countryId?: number;
  remark?: string;
}

/**
 * Open a new overseas lading bill for a shipping channel, so the PDA has a bill to scan into; the
 * last-mile carrier defaults to the channel's first when left empty.
 */
export function CreateOverseasModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (bill: { recId: number; no: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const channels = useQuery({ ...shippingQueries.options(false), enabled: open }).data ?? [];
  const carriers = useQuery({ ...carrierQueries.options(), enabled: open }).data ?? [];
  const countries = useQuery({ ...regionQueries.countries(i18n.locale), enabled: open }).data ?? [];
  const create = useMutation(overseasMutations.create());
  const fromChannel = t`From the channel`;

  return (
    <Modal
      open={open}
      title={t`New overseas lading bill`}
      okText={t`Create`}
      cancelText={t`Cancel`}
      okButtonProps={{ loading: create.isPending }}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        name="overseasCreate"
        layout="vertical"
        preserve={false}
        data-testid="overseas-create-form"
        onFinish={async (v) => {
          const body: OverseasCreateBody = {
            channelId: v.channelId ?? null,
            carrierId: v.carrierId,
            countryId: v.countryId,
            remark: v.remark?.trim() || undefined,
          };
          // A refusal was shown by the client; the form stays open to fix it.
          const bill = await create.mutateAsync(body).catch(() => null);
          if (!bill) return;
          const no = bill.no;
          message.success(t`Overseas lading bill ${no} created`);
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
            options={channels.map((c) => ({
              value: c.recId,
              label: `${i18n.locale === 'cn' ? c.name : c.nameEn || c.name} (${c.code})`,
            }))}
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
        <Form.Item name="countryId" label={t`Destination country`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={fromChannel}
            options={countries.map((c) => ({ value: c.recId, label: `${c.name} (${c.code})` }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t`Remark`}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
