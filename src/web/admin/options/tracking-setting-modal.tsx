import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Col, Form, Input, InputNumber, Modal, Radio, Row, Select } from 'antd';
import type { TrackingSetting } from '../../../shared/contract/tracking.ts';
import { carrierKeys, carrierMutations } from '../../api/queries/carrier.ts';
import { ORDER_STATUS_LABELS } from '../carrier/labels.ts';
import { STATUS_LABELS } from '../system/labels.ts';

interface SettingFormValues {
  code: string;
  nameCn: string;
  nameEn: string;
  nameAr: string;
  orderStatus: number | null;
  sort: number;
  status: number;
}

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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingFormValues>();
  const save = useMutation({
    ...carrierMutations.saveSetting(),
    onSuccess: async () => {
      message.success(setting ? t`Edit Success` : t`Add Success`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: carrierKeys.settings() });
    },
  });

  return (
    <Modal
      open={open}
      title={setting ? t`Edit tracking node` : t`Add tracking node`}
      width={640}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t`Save`}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        name="trackingSetting"
        preserve={false}
        clearOnDestroy
        initialValues={
          setting ?? {
            code: '',
            nameCn: '',
            nameEn: '',
            nameAr: '',
            orderStatus: null,
            sort: nextSort,
            status: 1,
          }
        }
        onFinish={(values) => save.mutate({ ...values, recId: setting?.recId })}
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
          <Col xs={24} sm={12}>
            <Form.Item name="orderStatus" label={t`Order status`}>
              <Select
                allowClear
                placeholder={t`Does not change the order status`}
                options={Object.entries(ORDER_STATUS_LABELS).map(([v, label]) => ({
                  value: Number(v),
                  label: i18n._(label),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="nameCn"
              label={t`Chinese name`}
              rules={[{ required: true, whitespace: true, message: t`Please enter the Chinese name` }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="nameEn"
              label={t`English name`}
              rules={[{ required: true, whitespace: true, message: t`Please enter the English name` }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="nameAr"
              label={t`Arabic name`}
              rules={[{ required: true, whitespace: true, message: t`Please enter the Arabic name` }]}
            >
              <Input maxLength={100} dir="rtl" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="sort" label={t`Sort`}>
              <InputNumber min={0} max={100000} precision={0} style={{ inlineSize: '100%' }} />
            </Form.Item>
          </Col>
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
      </Form>
    </Modal>
  );
}
