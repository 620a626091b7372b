import { ReloadOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Button, Flex, Tag } from 'antd';
import type { FeeExceptionListRecord } from '../../../shared/contract/fee.ts';
import { FeeExceptionState } from '../../../shared/domain/order-fees.ts';
import { feeMutations } from '../../api/queries/fee.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { OptionsItem } from '../kit/filter-fields.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useFormat } from '../kit/use-format.ts';
import { useListScreen } from '../kit/use-list-screen.ts';
import { useOrderPartColumns } from './fee-detail-columns.tsx';
import { FeeFilterForm } from './fee-filter-form.tsx';
import { STATE_LABELS, StateTag, useReasonOptions } from './fee-format.tsx';
import { useRecalc } from './recalc-outcome.tsx';
import { type FeeExceptionFilterValues, feeExceptionList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/priceManage/feeException');

/**
 * priceManage/feeException: orders whose fees could not be computed (pending by default), with
 * the reason and whether the channel has a rule for the destination now; filters, page and sort in
 * the URL. The selected pending ones are recalculated at once and the answer shows what changed.
 */
export function FeeExceptionPage() {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const canRecalc = useCan('feeException:recalc');
  const canExport = useCan('feeException:export');
  const screen = useListScreen({
    route: routeApi,
    ...feeExceptionList,
    selectable: canRecalc || canExport,
  });
  const { filters, selected } = screen;
  const exportExceptions = useMutation(feeMutations.exportExceptions());
  const recalc = useRecalc();
  const reasons = useReasonOptions();
  const orderColumns = useOrderPartColumns<FeeExceptionListRecord>();
  const pending = selected.filter((x) => x.state === FeeExceptionState.pending);
  const count = pending.length;
  const all = t`All`;

  return (
    <ListFrame
      testId="fee-exception-page"
      title={t`Fee exceptions`}
      filters={
        <FeeFilterForm<FeeExceptionFilterValues>
          value={screen.values}
          defaults={{ state: '0' }}
          label={t`Filter fee exceptions`}
          testId="fee-exception-filters"
          listKey="feeException"
          timeLabel={t`First failed`}
          onSearch={screen.onSearch}
          more={
            <OptionsItem
              name="rule"
              label={t`Price rule now`}
              width={150}
              options={[
                { value: '1', label: t`Rule available` },
                { value: '0', label: t`Still missing` },
              ]}
            />
          }
        >
          <OptionsItem name="reason" label={t`Reason`} width={190} options={reasons} />
          <OptionsItem
            name="state"
            label={t`State`}
            width={120}
            required
            options={[
              { value: '-1', label: all },
              ...Object.entries(STATE_LABELS).map(([v, d]) => ({ value: v, label: i18n._(d) })),
            ]}
          />
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
              onClick={() => void recalc.run(pending.map((x) => x.recId)).then(() => screen.setSelected([]))}
            >
              {t`Recalculate (${count})`}
            </Button>
          )}
        </Flex>
      }
    >
      <ListTable<FeeExceptionListRecord>
        listKey="feeException"
        testId="fee-exception-table"
        empty={t`No fee exceptions`}
        {...screen.table}
        columns={[
          ...orderColumns,
          {
            title: t`Chargeable weight`,
            dataIndex: 'chargeableWeight',
            sortKey: 'chargeableWeight',
            align: 'end',
            render: f.kg,
          },
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
          { title: t`First failed`, dataIndex: 'createdAt', sortKey: 'createdAt', render: f.dateTime },
          { title: t`Last retried`, dataIndex: 'retriedAt', sortKey: 'retriedAt', render: f.dateTime },
          {
            title: t`Resolved at`,
            dataIndex: 'resolvedAt',
            sortKey: 'resolvedAt',
            render: (v: string | null, r) =>
              v ? `${f.dateTime(v)}${r.resolvedBy ? ` · ${r.resolvedBy}` : ''}` : '—',
          },
        ]}
      />
      {recalc.modal}
    </ListFrame>
  );
}
