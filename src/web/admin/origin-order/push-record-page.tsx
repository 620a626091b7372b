import { SendOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { App, Button, Card, Flex, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import type { CitcRecord, PushRecord } from '../../../shared/contract/origin-order.ts';
import { CitcStatus } from '../../../shared/domain/origin-order.ts';
import { originKeys, originMutations, originQueries } from '../../api/queries/origin-order.ts';
import { useCan } from '../../session/permissions.ts';
import { BulkNosItem, ChoiceItem, MinuteRangeItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { SelectionToolbar } from '../kit/selection-toolbar.tsx';
import { useTime } from '../kit/use-time.ts';
import { TrackingLink } from '../shared/order-columns.tsx';
import { CITC_COLORS, CITC_LABELS, PUSH_RESULT_LABELS } from './labels.ts';
import { usePlatformName } from './origin-columns.tsx';
import { citcFiltersOf, LIST_DETAIL_PATH, type PushRecordSearch, pushFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/foreignOrder/pushRecord');

type FilterValues = Pick<
  PushRecordSearch,
  'platformOrderNos' | 'trackingNos' | 'result' | 'status' | 'startTime' | 'endTime'
>;

/** The push time range must be chosen (spec 5): the last 7 days until the user picks another. */
const defaultRange = () => ({
  startTime: dayjs().subtract(7, 'day').startOf('day').toISOString(),
  endTime: dayjs().add(1, 'day').startOf('day').toISOString(),
});

/** foreignOrder/pushRecord: every upload attempt with its result and time; and the CITC reports. */
export function PushRecordPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const time = useTime();
  const platformName = usePlatformName();
  const tab = search.tab ?? 'push';
  const range = useMemo(defaultRange, []);
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const push = useQuery({
    ...originQueries.pushRecords(i18n.locale, { ...pushFiltersOf(search, range), pageNo, pageSize }),
    enabled: tab === 'push',
  });
  const citc = useQuery({
    ...originQueries.citc(i18n.locale, { ...citcFiltersOf(search), pageNo, pageSize }),
    enabled: tab === 'citc',
  });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canReport = useCan('foreignOrder:edit');
  const [chosen, setChosen] = useState<number[]>([]);
  const report = useMutation({
    ...originMutations.reportCitc(),
    onSuccess: (records) => {
      setChosen([]);
      const count = (status: number) => records.filter((r) => r.status === status).length;
      const [reported, rejected, waiting] = [
        count(CitcStatus.reported),
        count(CitcStatus.rejected),
        count(CitcStatus.pending),
      ];
      const summary = t`Reported ${reported}, rejected ${rejected}, still waiting ${waiting}`;
      if (rejected || waiting) message.warning(summary);
      else message.success(summary);
      void queryClient.invalidateQueries({ queryKey: originKeys.citc() });
    },
  });
  const onSearch = (values: FilterValues) =>
    void navigate({ search: compact({ ...values, tab: search.tab }) as PushRecordSearch });

  const pages = (total: number) => ({
    page: { pageNo, pageSize, total },
    onPage: (next: number, size: number) =>
      void navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) }),
  });

  const orderLink = (id: number | null, no: string | null) =>
    id !== null && no ? (
      <Link to={LIST_DETAIL_PATH} params={{ id: String(id) }} search={{ name: no }} dir="ltr">
        {no}
      </Link>
    ) : (
      '—'
    );

  const filters = (
    <FilterForm<FilterValues>
      key={tab}
      value={{
        platformOrderNos: search.platformOrderNos,
        trackingNos: search.trackingNos,
        result: search.result,
        status: search.status,
        startTime: search.startTime,
        endTime: search.endTime,
      }}
      defaults={tab === 'push' ? { range: [dayjs(range.startTime), dayjs(range.endTime)] } : {}}
      onSearch={onSearch}
      range="minutes"
      label={t`Filter push records`}
    >
      <BulkNosItem name="platformOrderNos" label={t`Platform order nos`} />
      {tab === 'push' ? (
        <ChoiceItem name="result" label={t`Result`} labels={PUSH_RESULT_LABELS} width={130} strings />
      ) : (
        <>
          <BulkNosItem name="trackingNos" label={t`Tracking nos`} />
          <ChoiceItem name="status" label={t`Status`} labels={CITC_LABELS} width={170} strings />
        </>
      )}
      {tab === 'push' ? (
        <MinuteRangeItem label={t`Push time`} required={t`Push time range must be selected`} />
      ) : (
        <MinuteRangeItem label={t`Created`} />
      )}
    </FilterForm>
  );

  return (
    <Flex vertical gap={16} data-testid="push-record-page">
      <Card size="small">{filters}</Card>
      <Card styles={{ body: { paddingBlockStart: 0 } }}>
        <Tabs
          activeKey={tab}
          onChange={(next) => void navigate({ search: { tab: next === 'citc' ? 'citc' : undefined } })}
          items={[
            {
              key: 'push',
              label: t`Push records`,
              children: (
                <RowsTable<PushRecord>
                  testId="push-record-table"
                  rowKey="recId"
                  size="middle"
                  loading={push.isFetching}
                  rows={push.data?.records}
                  empty={t`No push records`}
                  pages={pages(push.data?.total ?? 0)}
                  columns={[
                    { title: t`Push time`, dataIndex: 'pushedAt', render: (v: string) => time(v) },
                    {
                      title: t`Platform order no`,
                      dataIndex: 'platformOrderNo',
                      render: (no: string, r) => orderLink(r.originOrderId, no),
                    },
                    { title: t`Platform`, dataIndex: 'platform', render: (p: string) => platformName(p) },
                    {
                      title: t`Customer`,
                      dataIndex: 'customerCode',
                      render: (code: string, r) => <span title={r.customerName}>{code}</span>,
                    },
                    {
                      title: t`Result`,
                      dataIndex: 'result',
                      render: (v: number) => {
                        const d = PUSH_RESULT_LABELS[v];
                        return <Tag color={v === 1 ? 'success' : 'error'}>{d ? i18n._(d) : v}</Tag>;
                      },
                    },
                    {
                      title: t`Tracking no`,
                      dataIndex: 'trackingNo',
                      render: (no: string, r) =>
                        no && r.orderId !== null ? <TrackingLink id={r.orderId} trackingNo={no} /> : '—',
                    },
                    { title: t`Message`, dataIndex: 'message' },
                    { title: t`Operator`, dataIndex: 'operator', render: (v: string | null) => v ?? '—' },
                  ]}
                />
              ),
            },
            {
              key: 'citc',
              label: t`CITC reports`,
              children: (
                <>
                  {canReport && (
                    <SelectionToolbar
                      testId="citc-selected"
                      count={chosen.length}
                      prompt={t`Choose the records waiting or rejected to report them now`}
                      operations={
                        <Button
                          icon={<SendOutlined />}
                          disabled={chosen.length === 0}
                          loading={report.isPending}
                          onClick={() => report.mutate(chosen)}
                        >
                          {t`Report now`}
                        </Button>
                      }
                      files={null}
                    />
                  )}
                  <RowsTable<CitcRecord>
                    testId="citc-table"
                    rowKey="recId"
                    size="middle"
                    loading={citc.isFetching}
                    rows={citc.data?.records}
                    rowSelection={
                      canReport
                        ? {
                            selectedRowKeys: chosen,
                            onChange: (keys) => setChosen(keys.map(Number)),
                            getCheckboxProps: (r) => ({ disabled: r.status === CitcStatus.reported }),
                          }
                        : undefined
                    }
                    empty={t`No CITC records`}
                    pages={pages(citc.data?.total ?? 0)}
                    columns={[
                      {
                        title: t`Tracking no`,
                        dataIndex: 'trackingNo',
                        render: (no: string, r) => <TrackingLink id={r.orderId} trackingNo={no} />,
                      },
                      {
                        title: t`Platform order no`,
                        dataIndex: 'platformOrderNo',
                        render: (no: string | null, r) => orderLink(r.originOrderId, no),
                      },
                      {
                        title: t`Customer`,
                        dataIndex: 'customerCode',
                        render: (code: string, r) => <span title={r.customerName}>{code}</span>,
                      },
                      { title: t`Consignee`, dataIndex: 'consigneeName' },
                      { title: t`Country`, dataIndex: 'countryCode' },
                      {
                        title: t`Status`,
                        dataIndex: 'status',
                        render: (s: number) => {
                          const d = CITC_LABELS[s];
                          return <Tag color={CITC_COLORS[s]}>{d ? i18n._(d) : s}</Tag>;
                        },
                      },
                      { title: t`Reference no`, dataIndex: 'referenceNo', render: (v: string) => v || '—' },
                      {
                        title: t`Message`,
                        dataIndex: 'message',
                        render: (v: string) =>
                          v ? (
                            <Typography.Text ellipsis={{ tooltip: v }} style={{ maxInlineSize: 280 }}>
                              {v}
                            </Typography.Text>
                          ) : (
                            '—'
                          ),
                      },
                      {
                        title: t`Reported at`,
                        dataIndex: 'reportedAt',
                        render: (v: string | null) => time(v),
                      },
                      { title: t`Created`, dataIndex: 'createdAt', render: (v: string) => time(v) },
                    ]}
                  />
                </>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
