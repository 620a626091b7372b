import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, List, Modal, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { lading as contract, type LadingRecord } from '../../../shared/contract/lading.ts';
import { callApi } from '../../api/client.ts';
import { ladingKeys } from '../../api/queries/lading.ts';
import { reasonOf } from '../kit/text.ts';
import { RemarkModal } from './remark-modal.tsx';

export type OpBill = Pick<LadingRecord, 'recId' | 'no'>;

/** What one bill's part of an operation came to; `note` lists parcels taken out at pickup. */
export interface BillResult {
  recId: number;
  no: string;
  ok: boolean;
  message: string;
  note?: string;
}

/**
 * The operations on lading bills of the list's toolbar and the detail, each behind a confirm
 * prompt: confirm (seal; the server takes them all or none), confirm pickup and cancel (one bill
 * at a time, each result shown), push the mail again, and add a remark.
 */
export function useLadingOps(onDone?: () => void): {
  confirm: (bills: OpBill[]) => void;
  pickup: (bills: OpBill[]) => void;
  cancel: (bills: OpBill[]) => void;
  mailRetry: (bill: OpBill) => void;
  remark: (bill: OpBill) => void;
  modals: ReactNode;
} {
  const { t } = useLingui();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<{ title: string; results: BillResult[] } | null>(null);
  const [remarking, setRemarking] = useState<OpBill | null>(null);

  const refresh = async () => {
    onDone?.();
    await queryClient.invalidateQueries({ queryKey: ladingKeys.all() });
  };
  const which = (bills: OpBill[]) =>
    bills.length === 1
      ? (bills[0]?.no ?? '')
      : t({ message: plural(bills.length, { one: '# selected bill', other: '# selected bills' }) });

  /** One bill: a toast (or the results when parcels were dropped); several: the results. */
  const report = async (title: string, out: BillResult[]) => {
    await refresh();
    const only = out.length === 1 ? out[0] : undefined;
    if (only && !only.note) {
      if (only.ok) message.success(only.message);
      else message.error(only.message);
    } else setResults({ title, results: out });
  };

  const each = async (bills: OpBill[], run: (b: OpBill) => Promise<Omit<BillResult, 'recId' | 'no'>>) => {
    const out: BillResult[] = [];
    for (const b of bills) {
      try {
        out.push({ recId: b.recId, no: b.no, ...(await run(b)) });
      } catch (e) {
        out.push({ recId: b.recId, no: b.no, ok: false, message: reasonOf(e) });
      }
    }
    return out;
  };

  return {
    confirm: (bills) => {
      const target = which(bills);
      modal.confirm({
        title: t`Confirm lading bills`,
        content: t`Confirm ${target}? A confirmed bill takes no more scans.`,
        okText: t`Confirm`,
        cancelText: t`Cancel`,
        onOk: async () => {
          try {
            await callApi(contract.confirm, { body: { ids: bills.map((b) => b.recId) }, silent: true });
            message.success(t`Confirmed: ${target}`);
          } catch (e) {
            message.error(reasonOf(e));
          }
          await refresh();
        },
      });
    },
    pickup: (bills) => {
      const target = which(bills);
      modal.confirm({
        title: t`Confirm pickup`,
        content: t`Has the carrier taken ${target}? Its parcels become picked up and the carrier is e-mailed.`,
        okText: t`Confirm pickup`,
        cancelText: t`Cancel`,
        onOk: async () => {
          const out = await each(bills, async (b) => {
            const r = await callApi(contract.confirmPickup, {
              params: { id: b.recId },
              body: {},
              silent: true,
            });
            const dropped = r.dropped.map((d) => `${d.trackingNo}: ${d.message}`).join('\n');
            return { ok: true, message: r.message, ...(dropped ? { note: dropped } : {}) };
          });
          await report(t`Confirm pickup`, out);
        },
      });
    },
    cancel: (bills) => {
      const target = which(bills);
      modal.confirm({
        title: t`Cancel pickup`,
        content: t`Cancel the pickup of ${target}? Its parcels are freed and may be scanned into another bill.`,
        okText: t`Cancel pickup`,
        okButtonProps: { danger: true },
        cancelText: t`Back`,
        onOk: async () => {
          const out = await each(bills, async (b) => {
            const r = await callApi(contract.cancel, { params: { id: b.recId }, body: {}, silent: true });
            return { ok: true, message: r.message };
          });
          await report(t`Cancel pickup`, out);
        },
      });
    },
    mailRetry: (bill) => {
      const no = bill.no;
      modal.confirm({
        title: t`Push the mail again`,
        content: t`E-mail the lading information of ${no} to the carrier again?`,
        okText: t`Push`,
        cancelText: t`Cancel`,
        onOk: async () => {
          try {
            const b = await callApi(contract.mailRetry, {
              params: { id: bill.recId },
              body: {},
              silent: true,
            });
            const result = b.mailStateName;
            if (b.mailState === 2) message.error(`${result}: ${b.mailMessage}`);
            else message.success(t`Mail push: ${result}`);
          } catch (e) {
            message.error(reasonOf(e));
          }
          await refresh();
        },
      });
    },
    remark: (bill) => setRemarking(bill),
    modals: (
      <>
        <RemarkModal
          bill={remarking}
          onClose={() => setRemarking(null)}
          onSaved={async () => {
            setRemarking(null);
            message.success(t`Remark added`);
            await refresh();
          }}
        />
        <BillResultsModal
          title={results?.title ?? ''}
          results={results?.results ?? null}
          onClose={() => setResults(null)}
        />
      </>
    ),
  };
}

/** Each bill's result of an operation run over several, refusals with their reasons. */
function BillResultsModal({
  title,
  results,
  onClose,
}: {
  title: string;
  results: BillResult[] | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const done = results?.filter((r) => r.ok).length ?? 0;
  const refused = (results?.length ?? 0) - done;
  return (
    <Modal
      open={results !== null}
      title={title}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ hidden: true }}
    >
      {results && (
        <>
          <Alert
            type={refused === 0 ? 'success' : done === 0 ? 'error' : 'warning'}
            showIcon
            style={{ marginBlockEnd: 12 }}
            title={t({
              message: plural(done, {
                one: `# bill done, ${refused} refused`,
                other: `# bills done, ${refused} refused`,
              }),
            })}
          />
          <List
            data-testid="lading-results"
            size="small"
            dataSource={results}
            renderItem={(r) => (
              <List.Item key={r.recId}>
                <List.Item.Meta
                  title={
                    <>
                      <span dir="ltr">{r.no}</span>{' '}
                      {r.ok ? <Tag color="success">{t`Done`}</Tag> : <Tag color="error">{t`Refused`}</Tag>}
                    </>
                  }
                  description={
                    <>
                      {r.message}
                      {r.note && (
                        <Typography.Paragraph type="warning" style={{ whiteSpace: 'pre-line', margin: 0 }}>
                          {t`Taken out of the bill:`}
                          {'\n'}
                          {r.note}
                        </Typography.Paragraph>
                      )}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
