import { ReloadOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Button, Empty, Flex, Form, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import type { FeeExceptionListRecord } from '../../../shared/contract/fee.ts';
import { FeeExceptionState } from '../../../shared/domain/order-fees.ts';
import { feeMutations, feeQueries } from '../../api/queries/fee.ts';
import { useCan } from '../../session/permissions.ts';
import { compact } from '../carrier/search.ts';
import { useTime } from '../order/order-columns.tsx';
import { ExportAction } from '../region/export-action.tsx';
import { urlPagination } from '../shared/paged-table.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { useOrderPartColumns } from './fee-detail-columns.tsx';
import { FeeFilterForm } from './fee-filter-form.tsx';
import { kg, STATE_LABELS, StateTag, useReasonOptions } from './fee-format.tsx';
import { useRecalc } from './recalc-outcome.tsx';
import { DEFAULT_PAGE_SIZE, type FeeExceptionFilterValues, feeExceptionFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/priceManage/feeException');

/**
 * priceManage/feeException: orders whose fees could not be computed (pending by default), with
 * the reason and whether the channel has a rule for the destination now; filters and page in the
 * URL. The selected pending ones are recalculated at once and the answer shows what changed.
 */
export function FeeExceptionPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const time = useTime();
  const canRecalc = useCan('feeException:recalc');
  const canExport = useCan('feeException:export');
  const { pageNo = 1, pageSize = DEFAULT_PAGE_SIZE, ...values } = search;
  const filters = feeExceptionFiltersOf(values);
  const list = useQuery(feeQueries.exceptions(i18n.locale, { ...filters, pageNo, pageSize }));
  const exportExceptions = useMutation(feeMutations.exportExceptions());
  const recalc = useRecalc();
  const reasons = useReasonOptions();
  const orderColumns = useOrderPartColumns<FeeExceptionListRecord>();
  const [selected, setSelected] = useState<FeeExceptionListRecord[]>([]);
  const pending = selected.filter((x) => x.state === FeeExceptionState.pending);
  const count = pending.length;
  const total = list.data?.total ?? 0;
  const cap = i18n.number(total);
  const all = t`All`;

  return (
    <ListFrame
      testId="fee-exception-page"
      title={t`Fee exceptions`}
      filters={
        <FeeFilterForm<FeeExceptionFilterValues>
          value={values}
          defaults={{ state: '0' }}
          label={t`Filter fee exceptions`}
          testId="fee-exception-filters"
          timeLabel={t`First failed`}
          onSearch={(v) => {
            setSelected([]);
            void navigate({ search: compact(v) });
          }}
        >
          <Form.Item name="reason" label={t`Reason`}>
            <Select allowClear style={{ inlineSize: 190 }} placeholder={all} options={reasons} />
          </Form.Item>
          <Form.Item name="state" label={t`State`}>
            <Select
              style={{ inlineSize: 120 }}
              options={[
                { value: '-1', label: all },
                ...Object.entries(STATE_LABELS).map(([v, d]) => ({ value: v, label: i18n._(d) })),
              ]}
            />
          </Form.Item>
          <Form.Item name="rule" label={t`Price rule now`}>
            <Select
              allowClear
              style={{ inlineSize: 150 }}
              placeholder={all}
              options={[
                { value: '1', label: t`Rule available` },
                { value: '0', label: t`Still missing` },
              ]}
            />
          </Form.Item>
        </FeeFilterForm>
      }
      actions={
        <Flex gap={8} wrap>
          {canExport && (
            <ExportAction
              start={() =>
                exportExceptions.mutateAsync({
                  ...filters,
                  ids: selected.length ? selected.map((x) => x.recId) : undefined,
                })
              }
            />
          )}
          {canRecalc && (
            <Button
              type="primary"
              icon={<ReloadOutlined />}
              disabled={pending.length === 0}
              loading={recalc.running}
              onClick={() => void recalc.run(pending.map((x) => x.recId)).then(() => setSelected([]))}
            >
              {t`Recalculate (${count})`}
            </Button>
          )}
        </Flex>
      }
    >
      <Table<FeeExceptionListRecord>
        data-testid="fee-exception-table"
        rowKey="recId"
        size="middle"
        dataSource={list.data?.records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={
          canRecalc || canExport
            ? {
                selectedRowKeys: selected.map((x) => x.recId),
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
              }
            : undefined
        }
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No fee exceptions`} />,
        }}
        pagination={urlPagination({
          pageNo,
          pageSize,
          total,
          totalText: list.data?.totalCapped ? t`${cap}+ exceptions` : t`${cap} in total`,
          go: (next, size) =>
            void navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) }),
        })}
        columns={[
          ...orderColumns,
          { title: t`Chargeable weight`, dataIndex: 'chargeableWeight', render: (w: string) => kg(w) },
          { title: t`Reason`, dataIndex: 'reasonText' },
          {
            title: t`Price rule now`,
            dataIndex: 'ruleAvailable',
            render: (ok: boolean) =>
              ok ? (
                <Tag color="success">{t`Rule available`}</Tag>
              ) : (
                <Tag color="warning">{t`Still missing`}</Tag>
              ),
          },
          {
            title: t`State`,
            dataIndex: 'state',
            render: (s: number, r) => <StateTag state={s} name={r.stateName} />,
          },
          { title: t`First failed`, dataIndex: 'createdAt', render: (v: string) => time(v) },
          { title: t`Last retried`, dataIndex: 'retriedAt', render: (v: string | null) => time(v) },
          {
            title: t`Resolved at`,
            dataIndex: 'resolvedAt',
            render: (v: string | null, r) =>
              v ? `${time(v)}${r.resolvedBy ? ` · ${r.resolvedBy}` : ''}` : '—',
          },
        ]}
      />
      {recalc.modal}
    </ListFrame>
  );
}
