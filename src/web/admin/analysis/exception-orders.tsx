import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card, Flex, Switch, Tag, Typography } from 'antd';
import type { ExceptionOrder } from '../../../shared/contract/analysis.ts';
import type { ExceptionKind } from '../../../shared/domain/analysis.ts';
import { type AnalysisFiltersBody, analysisMutations, analysisQueries } from '../../api/queries/analysis.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { useTime } from '../kit/use-time.ts';
import { TrackingLink } from '../shared/order-columns.tsx';
import type { AnalysisSearch } from './search.ts';

const PAGE_SIZE = 20;

/** The orders behind one exception kind's count, newest first, paged in the URL; open ones alone on demand. */
export function ExceptionOrders({
  filters,
  kind,
  title,
  openable,
  search,
  update,
  canExport,
  staff,
}: {
  filters: AnalysisFiltersBody;
  kind: ExceptionKind;
  title: string;
  /** The kind has pending marks (an ending, returned or lost, has none). */
  openable: boolean;
  search: AnalysisSearch;
  update: (next: Partial<AnalysisSearch>) => void;
  canExport: boolean;
  /** Staff open the staff order page; a customer its own. */
  staff: boolean;
}) {
  const { t, i18n } = useLingui();
  const time = useTime();
  const pageNo = search.pageNo ?? 1;
  const openOnly = openable && search.openOnly === '1';
  const body = { ...filters, kind, openOnly };
  const list = useQuery(
    analysisQueries.exceptionDetail(i18n.locale, { ...body, pageNo, pageSize: PAGE_SIZE }),
  );
  const exporting = useMutation(analysisMutations.exportExceptionDetail());
  const total = list.data?.total ?? 0;

  return (
    <Card
      size="small"
      data-testid="analysis-exception-orders"
      title={t`Orders: ${title}`}
      extra={
        <Flex gap={12} align="center">
          {openable && (
            <Flex gap={6} align="center">
              <Switch
                size="small"
                checked={openOnly}
                aria-label={t`Open ones only`}
                onChange={(v) => update({ openOnly: v ? '1' : undefined, pageNo: undefined })}
              />
              <Typography.Text>{t`Open ones only`}</Typography.Text>
            </Flex>
          )}
          {canExport && <ExportAction start={() => exporting.mutateAsync(body)} />}
        </Flex>
      }
    >
      <RowsTable<ExceptionOrder>
        rowKey="recId"
        loading={list.isFetching}
        rows={list.data?.records}
        pages={{
          page: { pageNo, pageSize: PAGE_SIZE, total },
          fixedSize: true,
          showTotal: () => t`${i18n.number(total)} in total`,
          onPage: (next) => update({ pageNo: next === 1 ? undefined : next }),
        }}
        columns={[
          {
            title: t`Tracking no`,
            dataIndex: 'trackingNo',
            render: (no: string, r) =>
              staff ? (
                <TrackingLink id={r.recId} trackingNo={no} />
              ) : (
                <Link
                  to="/admin/user/order/list/$id"
                  params={{ id: String(r.recId) }}
                  search={{ name: no }}
                  dir="ltr"
                >
                  {no}
                </Link>
              ),
          },
          {
            title: t`Customer`,
            dataIndex: 'customerCode',
            render: (code: string, r) => <span title={r.customerName}>{code}</span>,
          },
          { title: t`Shipping channel`, dataIndex: 'channelName' },
          { title: t`Destination`, dataIndex: 'countryName' },
          { title: t`Status`, dataIndex: 'statusName' },
          { title: t`Created`, dataIndex: 'createdAt', render: (v: string) => time(v) },
          { title: t`Recorded`, dataIndex: 'markedAt', render: (v: string) => time(v) },
          {
            title: t`Handling`,
            dataIndex: 'open',
            render: (open: boolean | null, r) =>
              open === null ? (
                '—'
              ) : open ? (
                <Tag color="warning">{t`Open`}</Tag>
              ) : (
                <Tag color="success" title={time(r.handledAt)}>
                  {t`Handled`}
                </Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
