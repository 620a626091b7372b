import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, App, Button, Flex, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { BatchApprovalResult, CodRecord } from '../../../shared/contract/cod.ts';
import { CodStatus } from '../../../shared/domain/cod.ts';
import { codMessages } from '../../../shared/i18n/cod-messages.ts';
import { isApiError } from '../../api/errors.ts';
import { codKeys, codMutations, codQueries } from '../../api/queries/cod.ts';
import { useCan } from '../../session/permissions.ts';
import { useSession } from '../../session/store.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { BulkNosItem, ChoiceItem, CustomerItem, MinuteRangeItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ImportAction } from '../kit/import-action.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { compact } from '../kit/search.ts';
import { useTime } from '../kit/use-time.ts';
import { TrackingLink } from '../shared/order-columns.tsx';
import { type CodSearch, codFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/report/codModification');

const STATUS_LABELS = {
  [CodStatus.pending]: codMessages.status0,
  [CodStatus.approved]: codMessages.status1,
  [CodStatus.rejected]: codMessages.status2,
} as Record<number, typeof codMessages.status0>;
const STATUS_COLORS: Record<number, string> = {
  [CodStatus.pending]: 'processing',
  [CodStatus.approved]: 'success',
  [CodStatus.rejected]: 'error',
};

type FilterValues = Pick<CodSearch, 'trackingNos' | 'status' | 'customerId' | 'startTime' | 'endTime'>;

/**
 * report/codModification: COD amount modifications with their filters in the URL; import from the
 * template, export, and approve or reject the selected pending ones (never one's own: the server
 * refuses it and the answer lists which succeeded and which failed).
 */
export function CodModificationPage() {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const time = useTime();
  const me = useSession();
  const canImport = useCan('cod:import');
  const canExport = useCan('cod:export');
  const canApprove = useCan('cod:approve');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? 20;
  const filters = codFiltersOf(search);
  const list = useQuery(codQueries.list(i18n.locale, { ...filters, pageNo, pageSize }));
  const importCod = useMutation(codMutations.import());
  const template = useMutation(codMutations.template());
  const exportCod = useMutation(codMutations.export());
  const approve = useMutation(codMutations.approve());
  const [selected, setSelected] = useState<number[]>([]);
  const [deciding, setDeciding] = useState<boolean | null>(null);
  const [remark, setRemark] = useState('');
  const [outcome, setOutcome] = useState<BatchApprovalResult | null>(null);
  const total = list.data?.total ?? 0;

  const onSearch = (values: FilterValues) => {
    setSelected([]);
    void navigate({ search: compact({ ...values }) as CodSearch });
  };

  const decide = async () => {
    if (deciding === null) return;
    try {
      const ids = pendingSelected.map((r) => r.recId);
      const result = await approve.mutateAsync({ ids, approve: deciding, remark });
      if (result.failed.length === 0) message.success(result.message);
      else message.warning(result.message);
      setOutcome(result.failed.length ? result : null);
    } catch (e) {
      const data = isApiError(e) ? (e.data as BatchApprovalResult | null) : null;
      message.error(isApiError(e) ? e.msg : String(e));
      setOutcome(data?.failed ? data : null);
    }
    setDeciding(null);
    setRemark('');
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: codKeys.all() });
  };

  const pendingSelected = (list.data?.records ?? []).filter(
    (r) => selected.includes(r.recId) && r.status === CodStatus.pending,
  );

  const filterForm = (
    <FilterForm<FilterValues>
      value={{
        trackingNos: search.trackingNos,
        status: search.status,
        customerId: search.customerId,
        startTime: search.startTime,
        endTime: search.endTime,
      }}
      onSearch={onSearch}
      range="minutes"
      label={t`Filter COD modifications`}
    >
      <BulkNosItem name="trackingNos" label={t`Logistics order nos`} />
      <ChoiceItem name="status" label={t`Approval status`} labels={STATUS_LABELS} width={140} strings />
      <CustomerItem />
      <MinuteRangeItem label={t`Created`} />
    </FilterForm>
  );

  return (
    <ListFrame
      testId="cod-modification-page"
      title={t`COD modification`}
      filters={filterForm}
      actions={
        <Flex gap={8} wrap>
          {canImport && (
            <ImportAction
              title={t`Import COD modifications`}
              upload={(file) => importCod.mutateAsync(file)}
              template={() => template.mutateAsync()}
              onImported={() => void queryClient.invalidateQueries({ queryKey: codKeys.all() })}
            />
          )}
          {canExport && (
            <ExportAction
              start={() => exportCod.mutateAsync({ ...filters, ids: selected.length ? selected : undefined })}
            />
          )}
          {canApprove && (
            <>
              <Button
                icon={<CheckOutlined />}
                disabled={pendingSelected.length === 0}
                onClick={() => setDeciding(true)}
              >
                {t`Approve`}
              </Button>
              <Button
                danger
                icon={<CloseOutlined />}
                disabled={pendingSelected.length === 0}
                onClick={() => setDeciding(false)}
              >
                {t`Reject`}
              </Button>
            </>
          )}
        </Flex>
      }
    >
      {outcome && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setOutcome(null)}
          style={{ marginBlockStart: 16 }}
          title={outcome.message}
          description={
            <ul data-testid="cod-approval-failures" style={{ margin: 0, paddingInlineStart: 20 }}>
              {outcome.failed.map((f) => (
                <li key={f.recId}>
                  <span dir="ltr">{f.trackingNo}</span>: {f.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <RowsTable<CodRecord>
        testId="cod-table"
        rowKey="recId"
        size="middle"
        loading={list.isFetching}
        rows={list.data?.records}
        rowSelection={
          canApprove || canExport
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        empty={t`No COD modifications`}
        pages={{
          page: { pageNo, pageSize, total },
          showTotal: () => t`${total} in total`,
          onPage: (next, size) =>
            void navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) }),
        }}
        columns={[
          {
            title: t`Logistics order no`,
            dataIndex: 'trackingNo',
            render: (no: string, r) => <TrackingLink id={r.orderId} trackingNo={no} />,
          },
          {
            title: t`Customer`,
            dataIndex: 'customerCode',
            render: (code: string, r) => <span title={r.customerName}>{code}</span>,
          },
          {
            title: t`Original COD amount`,
            dataIndex: 'originalAmount',
            align: 'end',
            render: (v: string, r) => <span dir="ltr">{`${v} ${r.originalCurrency}`.trim()}</span>,
          },
          {
            title: t`Updated COD amount`,
            dataIndex: 'updatedAmount',
            align: 'end',
            render: (v: string, r) => <span dir="ltr">{`${v} ${r.currency}`}</span>,
          },
          { title: t`Remarks`, dataIndex: 'remark', render: (v: string) => v || '—' },
          { title: t`Operator`, dataIndex: 'operator' },
          { title: t`Created`, dataIndex: 'createdAt', render: (v: string) => time(v) },
          {
            title: t`Approval status`,
            dataIndex: 'status',
            render: (s: number, r) => <Tag color={STATUS_COLORS[s]}>{r.statusName}</Tag>,
          },
          { title: t`Approver`, dataIndex: 'approver', render: (v: string | null) => v ?? '—' },
          { title: t`Approval time`, dataIndex: 'approvedAt', render: (v: string | null) => time(v) },
          { title: t`Approval remarks`, dataIndex: 'approvalRemark', render: (v: string) => v || '—' },
        ]}
      />
      <Modal
        open={deciding !== null}
        title={deciding ? t`Approve COD modifications` : t`Reject COD modifications`}
        okText={deciding ? t`Approve` : t`Reject`}
        okButtonProps={{ danger: deciding === false, loading: approve.isPending }}
        onOk={() => void decide()}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text>
            <Trans>{pendingSelected.length} pending modifications selected.</Trans>
          </Typography.Text>
          {pendingSelected.some((r) => r.operatorId === me?.user.recId) && (
            <Alert
              type="info"
              showIcon
              title={t`Your own requests will be refused: another user decides them.`}
            />
          )}
          <Input.TextArea
            aria-label={t`Approval remarks`}
            placeholder={t`Approval remarks`}
            maxLength={500}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Flex>
      </Modal>
    </ListFrame>
  );
}
