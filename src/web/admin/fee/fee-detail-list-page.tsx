import { FileSearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Button, Empty, Flex, Form, Input, Modal, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import type { FeeDetailRecord } from '../../../shared/contract/fee.ts';
import { feeMutations, feeQueries } from '../../api/queries/fee.ts';
import { useCan } from '../../session/permissions.ts';
import { compact } from '../carrier/search.ts';
import { ExportAction } from '../region/export-action.tsx';
import { urlPagination } from '../shared/paged-table.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { useFeeDetailColumns } from './fee-detail-columns.tsx';
import { FeeFilterForm } from './fee-filter-form.tsx';
import { DEFAULT_PAGE_SIZE, type FeeDetailFilterValues, feeDetailFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/priceManage/feeDetail/');

/**
 * priceManage/feeDetail: every fee line of every received order with its basis, filters and page
 * in the URL; a tracking no opens the order's fee sheet. Exports: what the filters select (or the
 * rows chosen), and a reconciliation sheet of pasted tracking nos.
 */
export function FeeDetailListPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canExport = useCan('fee:export');
  const { pageNo = 1, pageSize = DEFAULT_PAGE_SIZE, ...values } = search;
  const filters = feeDetailFiltersOf(values);
  const list = useQuery(feeQueries.details(i18n.locale, { ...filters, pageNo, pageSize }));
  const types = useQuery(feeQueries.types(i18n.locale)).data ?? [];
  const exportDetails = useMutation(feeMutations.exportDetails());
  const [selected, setSelected] = useState<number[]>([]);
  const [byNumbers, setByNumbers] = useState(false);
  const columns = useFeeDetailColumns();
  const total = list.data?.total ?? 0;
  const cap = i18n.number(total);

  return (
    <ListFrame
      testId="fee-detail-page"
      title={t`Fee details`}
      filters={
        <FeeFilterForm<FeeDetailFilterValues>
          value={values}
          label={t`Filter fee details`}
          testId="fee-detail-filters"
          timeLabel={t`Computed`}
          onSearch={(v) => {
            setSelected([]);
            void navigate({ search: compact(v) });
          }}
        >
          <Form.Item name="feeType" label={t`Fee type`}>
            <Select
              allowClear
              style={{ inlineSize: 160 }}
              placeholder={t`All`}
              options={types.map((o) => ({ value: o.feeType, label: o.name }))}
            />
          </Form.Item>
          <Form.Item name="currency" label={t`Currency`}>
            <Input allowClear maxLength={3} style={{ inlineSize: 90 }} dir="ltr" />
          </Form.Item>
        </FeeFilterForm>
      }
      actions={
        canExport && (
          <Flex gap={8} wrap>
            <ExportAction
              start={() =>
                exportDetails.mutateAsync({ ...filters, ids: selected.length ? selected : undefined })
              }
            />
            <Button icon={<FileSearchOutlined />} onClick={() => setByNumbers(true)}>
              {t`Export by tracking nos`}
            </Button>
          </Flex>
        )
      }
    >
      <Table<FeeDetailRecord>
        data-testid="fee-detail-table"
        rowKey="recId"
        size="middle"
        columns={columns}
        dataSource={list.data?.records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={
          canExport
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No fees found`} /> }}
        pagination={urlPagination({
          pageNo,
          pageSize,
          total,
          totalText: list.data?.totalCapped ? t`${cap}+ fee lines` : t`${cap} in total`,
          go: (next, size) =>
            void navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) }),
        })}
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
