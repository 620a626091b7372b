import { useLingui } from '@lingui/react/macro';
import { Col, Form, Input, Radio, Row } from 'antd';
import type { TrackingSetting } from '../../../shared/contract/tracking.ts';
import { trackingKeys, trackingMutations } from '../../api/queries/tracking.ts';
import { emptyNode, TrackingNodeFields, type TrackingNodeValues } from '../carrier/tracking-node-fields.tsx';
import { STATUS_LABELS } from '../kit/labels.ts';
import { FormModal } from '../shared/form-modal.tsx';
import { useSaveMutation } from '../shared/use-save-mutation.ts';

type SettingFormValues = TrackingNodeValues & { status: number };

const CODE = /^[A-Za-z0-9_]{2,32}$/;

/** Adds (`setting` null) or edits one of our standard tracking nodes. */
export function TrackingSettingModal({
  open,
  setting,
  nextSort,
  onClose,
}: {
  open: boolean;
  setting: TrackingSetting | null;
  nextSort: number;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useSaveMutation(trackingMutations.save(), {
    editing: !!setting,
    invalidate: [trackingKeys.all()],
    onClose,
  });

  return (
    <FormModal<SettingFormValues>
      open={open}
      title={setting ? t`Edit tracking node` : t`Add tracking node`}
      name="trackingSetting"
      initialValues={setting ?? { ...emptyNode(nextSort), status: 1 }}
      saving={save.isPending}
      onFinish={(values) => save.mutate({ ...values, recId: setting?.recId })}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="code"
            label={t`Code`}
            normalize={(v: string) => v.toUpperCase()}
            rules={[
              { required: true, whitespace: true, message: t`Please enter the code` },
              { pattern: CODE, message: t`2 to 32 letters, digits or _` },
            ]}
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <TrackingNodeFields arabicRequired />
        <Col xs={24} sm={16}>
          <Form.Item name="status" label={t`Status`}>
            <Radio.Group
              options={Object.entries(STATUS_LABELS).map(([v, label]) => ({
                value: Number(v),
                label: i18n._(label),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
