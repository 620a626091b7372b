import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Space, Typography } from 'antd';
import { type PrintJobRecord, type PrintKind, PrintStatus } from '../../../shared/contract/printer.ts';
import { printerKeys, printerMutations, printerQueries } from '../../api/queries/printer.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useFormat } from '../kit/use-format.ts';
import { useListScreen } from '../kit/use-list-screen.ts';
import { PRINT_KIND_LABELS, PrintStatusTag } from '../shared/print-status-tag.tsx';
import { PrintsFilters } from './prints-filters.tsx';
import { printsList } from './prints-search.ts';

const routeApi = getRouteApi('/_desk/admin/options/prints');

/**
 * /admin/options/prints: what was sent to the label printers, by whom and when, and how it went;
 * a print that failed (or whose labels must come out once more) is sent again from here, to its
 * printer's current address.
 */
export function PrintsPage() {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canRetry = useCan('print:retry');
  const screen = useListScreen({
    route: routeApi,
    ...printsList,
    selectable: false,
  });
  const printers = useQuery(printerQueries.options()).data?.printers ?? [];
  const retry = useMutation({
    ...printerMutations.retryPrint(),
    onSuccess: async () => {
      message.success(t`Sent again`);
      await queryClient.invalidateQueries({ queryKey: printerKeys.all() });
    },
  });

  const columns: KitColumns<PrintJobRecord> = [
    {
      title: t`Printer`,
      key: 'printer',
      fixed: 'start',
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{p.printerName}</Typography.Text>
          <Typography.Text type="secondary" dir="ltr">
            {p.address}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t`What`,
      key: 'what',
      render: (_, p) => {
        const kind = PRINT_KIND_LABELS[p.kind as PrintKind];
        const count = p.labels;
        return (
          <Space orientation="vertical" size={0}>
            <span>
              {kind ? i18n._(kind) : p.kind} · {t`${count} labels`}
            </span>
            <Typography.Text type="secondary" dir="ltr">
              {p.subject}
            </Typography.Text>
          </Space>
        );
      },
    },
    { title: t`Printed by`, dataIndex: 'createdBy', render: (u: string | null) => u ?? '—' },
    {
      title: t`Time`,
      key: 'when',
      render: (_, p) => {
        const sent = p.sentAt ? f.dateTimeSeconds(p.sentAt) : null;
        return (
          <Space orientation="vertical" size={0}>
            <span>{f.dateTimeSeconds(p.createdAt)}</span>
            {sent && <Typography.Text type="secondary">{t`Taken by the printer ${sent}`}</Typography.Text>}
          </Space>
        );
      },
    },
    {
      title: t`Status`,
      key: 'status',
      render: (_, p) => {
        const attempts = p.attempts;
        return (
          <Space size={4} wrap>
            <PrintStatusTag print={p} />
            {attempts > 1 && <Typography.Text type="secondary">{t`${attempts} attempts`}</Typography.Text>}
          </Space>
        );
      },
    },
    {
      title: t`Error`,
      dataIndex: 'error',
      render: (e: string) =>
        e ? (
          <Typography.Text type="danger" dir="ltr">
            {e}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    ...(canRetry
      ? [
          {
            title: t`Actions`,
            key: 'actions',
            fixed: 'end' as const,
            render: (_: unknown, p: PrintJobRecord) =>
              p.status !== PrintStatus.queued && (
                <Button
                  type="link"
                  size="small"
                  loading={retry.isPending && retry.variables === p.recId}
                  onClick={() => retry.mutate(p.recId)}
                  data-testid={`print-again-${p.recId}`}
                >
                  {p.status === PrintStatus.failed ? t`Retry` : t`Print again`}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <ListFrame
      testId="prints-page"
      title={t`Prints`}
      filters={<PrintsFilters value={screen.filters} printers={printers} onSearch={screen.onSearch} />}
    >
      <ListTable<PrintJobRecord>
        listKey="prints"
        testId="prints-table"
        columns={columns}
        {...screen.table}
        pageSizes={[10, 20, 50, 100]}
        empty={t`Nothing printed yet`}
      />
    </ListFrame>
  );
}
