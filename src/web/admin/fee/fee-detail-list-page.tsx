import { FileSearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { FeeDetailRecord } from '../../../shared/contract/fee.ts';
import { feeMutations, feeQueries } from '../../api/queries/fee.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { OptionsItem, TextItem } from '../kit/filter-fields.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { useFeeDetailColumns } from './fee-detail-columns.tsx';
import { FeeFilterForm } from './fee-filter-form.tsx';
import { type FeeDetailFilterValues, feeDetailList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/priceManage/feeDetail/');

/**
 * priceManage/feeDetail: every fee line of every received order with its basis, filters and page
 * in the URL; a tracking no opens the order's fee sheet. Exports: what the filters select (or the
 * rows chosen), and a reconciliation sheet of pasted tracking nos.
 */
export function FeeDetailListPage() {
  const { t, i18n } = useLingui();
  const canExport = useCan('fee:export');
  const screen = useListScreen({
    route: routeApi,
    ...feeDetailList,
    selectable: canExport,
  });
  const { filters, selected } = screen;
  const types = useQuery(feeQueries.types(i18n.locale)).data ?? [];
  const exportDetails = useMutation(feeMutations.exportDetails());
  const [byNumbers, setByNumbers] = useState(false);
  const columns = useFeeDetailColumns();

  return (
    <ListFrame
      testId="fee-detail-page"
      title={t`Fee details`}
      filters={
        <FeeFilterForm<FeeDetailFilterValues>
          value={screen.values}
          label={t`Filter fee details`}
          testId="fee-detail-filters"
          listKey="feeDetail"
          timeLabel={t`Computed`}
          onSearch={screen.onSearch}
          more={<TextItem name="currency" label={t`Currency`} maxLength={3} width={90} ltr />}
        >
          <OptionsItem
            name="feeType"
            label={t`Fee type`}
            width={160}
            options={types.map((o) => ({ value: o.feeType, label: o.name }))}
          />
        </FeeFilterForm>
      }
      actions={
        canExport && (
          <Flex gap={8} wrap>
            <ExportAction
              start={() =>
                exportDetails.mutateAsync({
                  ...filters,
                  ids: selected.length ? selected.map((r) => r.recId) : undefined,
                })
              }
            />
            <Button icon={<FileSearchOutlined />} onClick={() => setByNumbers(true)}>
              {t`Export by tracking nos`}
            </Button>
          </Flex>
        )
      }
    >
      <ListTable<FeeDetailRecord>
        listKey="feeDetail"
        testId="fee-detail-table"
        columns={columns}
        empty={t`No fees found`}
        {...screen.table}
      />
      <ByTrackingNoModal open={byNumbers} onClose={() => setByNumbers(false)} />
    </ListFrame>
  );
}

/** Pasted tracking nos (at most 1,000) exported with their fees, or why a number has none. */
function ByTrackingNoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [numbers, setNumbers] = useState('');
  const run = useMutation(feeMutations.exportByTrackingNo());
  return (
    <Modal open={open} title={t`Export by tracking nos`} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t`Each number’s fee lines, in the order pasted; a number without fees says why.`}
        </Typography.Text>
        <Input.TextArea
          aria-label={t`Tracking nos`}
          placeholder={t`One a line, or separated by commas`}
          autoSize={{ minRows: 4, maxRows: 12 }}
          dir="ltr"
          value={numbers}
          onChange={(e) => setNumbers(e.target.value)}
        />
        <Flex justify="end">
          <ExportAction
            label={t`Export these numbers`}
            disabled={!numbers.trim()}
            start={() => run.mutateAsync(numbers)}
          />
        </Flex>
      </Flex>
    </Modal>
  );
}
