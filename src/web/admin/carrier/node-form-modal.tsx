import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import type { TrackingNodeRecord } from '../../../shared/contract/carrier.ts';
import { carrierKeys, carrierMutations } from '../../api/queries/carrier.ts';
import { trackingQueries } from '../../api/queries/tracking.ts';
import { useCan } from '../../session/permissions.ts';
import { namedOptions } from '../kit/text.ts';
import { FormModal } from '../shared/form-modal.tsx';
import { useSaveMutation } from '../shared/use-save-mutation.ts';
import { emptyNode, TrackingNodeFields, type TrackingNodeValues } from './tracking-node-fields.tsx';

/**
 * Adds (`node` null) or edits one node of a carrier's tracking map: the carrier's event code and
 * what we call it. Staff who may read our standard nodes can fill the names from one of them.
 */
export function NodeFormModal({
  open,
  carrierId,
  node,
  nextSort,
  onClose,
}: {
  open: boolean;
  carrierId: number;
  node: TrackingNodeRecord | null;
  nextSort: number;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<TrackingNodeValues>();
  const canReadSettings = useCan('trackingNode:view');
  const standard = useQuery({
    ...trackingQueries.enabled(i18n.locale),
    enabled: open && canReadSettings,
  });
  const save = useSaveMutation(carrierMutations.saveNode(), {
    editing: !!node,
    invalidate: [carrierKeys.carriers()],
    onClose,
  });

  const fillFrom = (recId: number) => {
    const s = standard.data?.find((n) => n.recId === recId);
    if (s)
      form.setFieldsValue({
        nameCn: s.nameCn,
        nameEn: s.nameEn,
        nameAr: s.nameAr,
        orderStatus: s.orderStatus,
      });
  };

  return (
    <FormModal<TrackingNodeValues>
      open={open}
      title={node ? t`Edit tracking node` : t`Add tracking node`}
      name="trackingNode"
      form={form}
      initialValues={node ?? emptyNode(nextSort)}
      saving={save.isPending}
      onFinish={(values) => save.mutate({ ...values, carrierId, recId: node?.recId })}
      onClose={onClose}
    >
      {canReadSettings && (
        <Form.Item label={t`Fill from a standard node`} htmlFor="node-standard">
          <Select
            id="node-standard"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t`Select a standard node`}
            loading={standard.isLoading}
            options={namedOptions(standard.data)}
            onChange={(v: number | undefined) => v !== undefined && fillFrom(v)}
          />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="code"
            label={t`Carrier event code`}
            rules={[{ required: true, whitespace: true, message: t`Please enter the event code` }]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </Col>
        <TrackingNodeFields arabicRequired={false} />
      </Row>
    </FormModal>
  );
}
