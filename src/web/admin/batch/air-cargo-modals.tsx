import { useLingui } from '@lingui/react/macro';
import { App, Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import type { BatchDetail, BatchRecord } from '../../../shared/contract/batch.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { isApiError } from '../../api/errors.ts';
import { batchOps } from '../../api/queries/batch.ts';
import { FormModal } from '../shared/form-modal.tsx';
import {
  AIR_CARGO_FIELDS,
  AirCargoFields,
  type AirCargoValues,
  airCargoBody,
  airCargoOf,
} from './air-cargo-fields.tsx';

const BATCH_NO = /^[A-Za-z0-9-]{1,40}$/;

/**
 * A refusal on the form: the server's field issues (400) beside their fields, anything else
 * (a lading bill not picked up, a batch no taken: 409) above them.
 */
function useRefusal<V extends object>(form: FormInstance<V>, fields: readonly string[]) {
  const [error, setError] = useState<string | null>(null);
  const show = (e: unknown) => {
    const issues = isApiError(e)
      ? (e.data as { issues?: { path: string; message: string }[] })?.issues
      : undefined;
    const known = issues?.filter((i) => fields.includes(i.path)) ?? [];
    if (known.length) form.setFields(known.map((i) => ({ name: i.path as never, errors: [i.message] })));
    else setError(isApiError(e) ? e.msg : String(e));
  };
  return { error, clear: () => setError(null), show };
}

type CreateValues = AirCargoValues & { batchNo?: string; ladingNos?: string; remark?: string };
const CREATE_FIELDS = [...AIR_CARGO_FIELDS, 'batchNo', 'ladingNos', 'remark'] as const;

/**
 * A new batch with its air cargo, of the lading bills named (picked up, in no live batch): those
 * selected in the lading list come filled in; more can be scanned in until the batch is picked up.
 */
export function CreateBatchModal({
  open,
  ladings = [],
  onClose,
  onCreated,
}: {
  open: boolean;
  ladings?: readonly { no: string }[];
  onClose: () => void;
  onCreated: (batch: BatchDetail) => void;
}) {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const [saving, setSaving] = useState(false);
  const refusal = useRefusal(form, CREATE_FIELDS);
  const close = () => {
    refusal.clear();
    onClose();
  };

  const create = async (v: CreateValues) => {
    setSaving(true);
    refusal.clear();
    try {
      const batch = await batchOps.create({
        batchNo: v.batchNo?.trim() || undefined,
        ladingNos: v.ladingNos?.trim() || undefined,
        remark: v.remark?.trim() || undefined,
        ...airCargoBody(v),
      });
      const no = batch.batchNo;
      message.success(t`Batch ${no} created`);
      refusal.clear();
      onCreated(batch);
    } catch (e) {
      refusal.show(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal<CreateValues>
      open={open}
      title={t`New batch`}
      name="batchCreate"
      form={form}
      width={720}
      okText={t`Create`}
      initialValues={{ ladingNos: ladings.map((l) => l.no).join('\n') }}
      saving={saving}
      error={refusal.error}
      onFinish={(v) => void create(v)}
      onClose={close}
      testId="batch-create-form"
    >
      <Form.Item
        name="batchNo"
        label={t`Batch no`}
        extra={t`Left empty, the next number is given.`}
        normalize={(v: string) => v.toUpperCase()}
        rules={[{ pattern: BATCH_NO, message: i18n._(m.batchNoInvalid) }]}
      >
        <Input maxLength={40} dir="ltr" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="ladingNos"
        label={t`Lading bill nos`}
        extra={t`Picked-up lading bills in no batch, one a line or separated by commas or spaces.`}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} dir="auto" />
      </Form.Item>
      <AirCargoFields />
      <Form.Item name="remark" label={t`Remark`}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}

/** Edit the air cargo of a batch that is not cancelled (air cargo update). */
export function EditAirCargoModal({
  batch,
  onClose,
  onSaved,
}: {
  batch: BatchRecord | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const [form] = Form.useForm<AirCargoValues>();
  const [saving, setSaving] = useState(false);
  const refusal = useRefusal(form, AIR_CARGO_FIELDS);
  const no = batch?.batchNo ?? '';

  const save = async (v: AirCargoValues) => {
    if (!batch) return;
    setSaving(true);
    refusal.clear();
    try {
      await batchOps.updateAirCargo({ id: batch.recId, ...airCargoBody(v) });
      message.success(t`Update success`);
      onSaved();
    } catch (e) {
      refusal.show(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal<AirCargoValues>
      open={batch !== null}
      title={t`Air cargo of ${no}`}
      name="airCargo"
      form={form}
      width={720}
      initialValues={batch ? airCargoOf(batch) : undefined}
      saving={saving}
      error={refusal.error}
      onFinish={(v) => void save(v)}
      onClose={() => {
        refusal.clear();
        onClose();
      }}
      testId="air-cargo-form"
    >
      <AirCargoFields />
    </FormModal>
  );
}
