import { PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { batch } from '../../shared/contract/batch.ts';
import { lading } from '../../shared/contract/lading.ts';
import { ladingMessages as m } from '../../shared/i18n/lading-messages.ts';
import { reasonOf } from '../admin/kit/text.ts';
import { callApi } from '../api/client.ts';
import { useAuthList } from '../session/permissions.ts';
import {
  CHOICE_NEEDS,
  choiceMax,
  missingOf,
  numbersOf,
  PRINT_CHOICES,
  type PrintChoice,
} from './print-choices.ts';

/** The print page of the bills found by their nos. */
const PAGE_OF = {
  lading: '/print/printLading',
  ladingLabels: '/print/printLadingLabel',
  batch: '/print/printBatch',
} as const;

interface Values {
  choice: PrintChoice;
  numbers?: string;
}

/**
 * /print: print by number, for what arrives without a list to select it in (a carrier's or an
 * airline's paper list, a customer's tracking nos): order labels (HTML or PDF), invoices, lading
 * bills (A4 sheets or labels) or batches. The numbers are checked here (none: "Select bill(s) or batch(es) to print or
 * pick up"; unknown ones are named), then the print page of that kind opens with them.
 */
export function PrintIndexPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const auth = useAuthList();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labels: Record<PrintChoice, string> = {
    labels: t`Order labels`,
    labelsPdf: t`Order labels (PDF)`,
    invoices: t`Invoices (PDF)`,
    lading: t`Lading bills`,
    ladingLabels: t`Lading bill labels`,
    batch: t`Batches`,
  };
  const ladingHint = t`Lading bill nos, one a line or separated by commas (at most 50).`;
  const hints: Record<PrintChoice, string> = {
    labels: t`Tracking nos, customer order nos or carrier tracking nos, one a line or separated by commas.`,
    labelsPdf: t`Tracking nos, customer order nos or carrier tracking nos, one a line or separated by commas.`,
    invoices: t`Tracking nos, one a line or separated by commas.`,
    lading: ladingHint,
    ladingLabels: ladingHint,
    batch: t`Batch nos, separated by spaces, semicolons or line breaks (at most 50).`,
  };
  const offered = PRINT_CHOICES.filter((c) => CHOICE_NEEDS[c].every((k) => auth.has(k)));
  const choice = Form.useWatch('choice', form) ?? 'labels';

  const print = async ({ choice, numbers }: Values) => {
    setError(null);
    const nos = numbersOf(choice, numbers);
    const max = choiceMax(choice);
    if (nos.length > max) return setError(t`At most ${max} at once.`);
    if (choice === 'labels' || choice === 'labelsPdf' || choice === 'invoices') {
      const trackingNos = nos.join('\n');
      if (choice === 'labels') return void navigate({ to: '/print/printCode', search: { trackingNos } });
      const kind = choice === 'invoices' ? 'invoice' : 'label';
      return void navigate({ to: '/print/printPDF', search: { trackingNos, kind } });
    }
    setBusy(true);
    try {
      const found =
        choice === 'lading' || choice === 'ladingLabels'
          ? (
              await callApi(lading.list, { body: { nos: nos.join('\n'), pageSize: max }, silent: true })
            ).records.map((r) => ({ recId: r.recId, no: r.no }))
          : (
              await callApi(batch.list, { body: { batchNos: nos.join(' '), pageSize: max }, silent: true })
            ).records.map((r) => ({ recId: r.recId, no: r.batchNo }));
      const missing = missingOf(
        nos,
        found.map((f) => f.no),
      ).join(', ');
      if (missing) return setError(t`Not found: ${missing}`);
      const ids = found.map((f) => f.recId).join(',');
      void navigate({
        to: PAGE_OF[choice],
        search: { ids },
      });
    } catch (e) {
      setError(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="full-layout print-index" data-testid="print-index">
      <Card title={t`Print by number`} style={{ maxInlineSize: 640, marginInline: 'auto' }}>
        <Typography.Paragraph type="secondary">
          {t`Choose what to print and paste its numbers; the print page opens with them. From a list, select the rows and use its Print button instead.`}
        </Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ choice: 'labels' }}
          onFinish={(v) => void print(v)}
          onValuesChange={() => setError(null)}
        >
          <Form.Item name="choice" label={t`What to print`}>
            <Radio.Group options={offered.map((c) => ({ value: c, label: labels[c] }))} />
          </Form.Item>
          <Form.Item
            name="numbers"
            label={t`Numbers`}
            extra={hints[choice]}
            rules={[
              {
                validator: (_r, v: string | undefined) =>
                  numbersOf(form.getFieldValue('choice') ?? 'labels', v).length > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(i18n._(m.selectBills))),
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} dir="auto" />
          </Form.Item>
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              style={{ marginBlockEnd: 16 }}
              data-testid="print-index-error"
            />
          )}
          <Button type="primary" htmlType="submit" icon={<PrinterOutlined />} loading={busy}>
            {t`Open the print page`}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
