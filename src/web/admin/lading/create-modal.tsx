import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { type LadingCreateBody, ladingMutations } from '../../api/queries/lading.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';
import { ORDER_TYPE_LABELS, TYPE_LABELS } from './labels.ts';

interface Values {
  channelId?: number;
  carrierId?: number;
  type?: number;
  orderType?: number;
  countryId?: number;
  remark?: string;
}

/**
 * Open a new lading bill for a shipping channel, so scans have a bill to go into; carrier, type and
 * destination default from the channel when left empty.
 */
export function CreateLadingModal({
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
  const create = useMutation(ladingMutations.create());
  const choices = (labels: typeof TYPE_LABELS) =>
    Object.entries(labels).map(([v, d]) => ({ value: Number(v), label: i18n._(d) }));
  const fromChannel = t`From the channel`;

  return (
    <Modal
      open={open}
      title={t`New lading bill`}
      okText={t`Create`}
      cancelText={t`Cancel`}
      okButtonProps={{ loading: create.isPending }}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        name="ladingCreate"
        layout="vertical"
        preserve={false}
        data-testid="lading-create-form"
        onFinish={async (v) => {
          const body: LadingCreateBody = {
            channelId: v.channelId ?? null,
            carrierId: v.carrierId,
            type: v.type,
            orderType: v.orderType,
            countryId: v.countryId,
            remark: v.remark?.trim() || undefined,
          };
          const bill = await create.mutateAsync(body);
          const no = bill.no;
          message.success(t`Lading bill ${no} created`);
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
        <Form.Item name="type" label={t`Type`}>
          <Select allowClear placeholder={fromChannel} options={choices(TYPE_LABELS)} />
        </Form.Item>
        <Form.Item name="orderType" label={t`Order type`}>
          <Select
            allowClear
            placeholder={i18n._(ORDER_TYPE_LABELS[1]!)}
            options={choices(ORDER_TYPE_LABELS)}
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
