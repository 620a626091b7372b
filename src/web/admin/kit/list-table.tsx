import { useLingui } from '@lingui/react/macro';
import {
  Empty,
  Flex,
  Table,
  type TableColumnType,
  type TablePaginationConfig,
  type TableProps,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useRef } from 'react';
import type { ListSort, SortOrder } from '../../../shared/domain/list-sort.ts';
import { TableSettings } from './column-settings.tsx';
import { arrangeColumns, columnKey, type KitColumns } from './columns.ts';
import { useListSettings } from './list-settings.ts';
import { useStickyOffset } from './sticky-offset.ts';
import { TableSettingsProvider } from './table-settings-slot.tsx';
import { useFormat } from './use-format.ts';

interface PageAnswer<R> {
  records: R[];
  total: number;
  totalCapped?: boolean | undefined;
}

/** The page sizes a list offers; its largest is what the route's search schema allows. */
export const PAGE_SIZES = [10, 20, 50, 100, 200];

const ANTD_ORDER = { asc: 'ascend', desc: 'descend' } as const;
const OUR_ORDER: Record<string, SortOrder> = { ascend: 'asc', descend: 'desc' };

export interface ListTableProps<R> {
  /** Names the list's settings (columns, density) kept per user; also its test id's stem. */
  listKey: string;
  /** The table's test id; its total is `${testId}-total` without "-table". */
  testId: string;
  columns: KitColumns<R>;
  answer: PageAnswer<R> | undefined;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  sort?: ListSort;
  /** A new page, page size or sort (a new size or sort starts again at page 1). */
  onChange: (next: { pageNo: number; pageSize: number; sort: ListSort }) => void;
  selected?: R[];
  onSelect?: (rows: R[]) => void;
  empty: string;
  pageSizes?: number[];
  /** The selection toolbar above the table: it shows the table's settings at its end. */
  toolbar?: ReactNode;
  rowKey?: keyof R & string;
  /** Rows that open to show more of themselves below (an audit entry's diff). */
  expandable?: TableProps<R>['expandable'];
}

/**
 * The desk's list table: one page of the server's answer with its total ("n+" when the server
 * stopped counting), the page and its size, sorting by the columns that have a sort key (done by
 * the server), rows selectable across pages, a sticky header under the layout's header and tabs,
 * and the columns and density each person sets (kept per user). Columns keep their content's
 * width and the table scrolls sideways, so no column hides under a fixed one.
 */
export function ListTable<R extends object>({
  listKey,
  testId,
  columns,
  answer,
  loading,
  pageNo,
  pageSize,
  sort = {},
  onChange,
  selected,
  onSelect,
  empty,
  pageSizes = PAGE_SIZES,
  toolbar,
  rowKey = 'recId' as keyof R & string,
  expandable,
}: ListTableProps<R>) {
  const { t } = useLingui();
  const f = useFormat();
  const [settings, change] = useListSettings(listKey);
  const frame = useRef<HTMLDivElement>(null);
  const offsetHeader = useStickyOffset(frame);
  const total = answer?.total ?? 0;
  const cap = f.count(total);
  const shown: TableColumnType<R>[] = arrangeColumns(columns, settings).map(({ sortKey, ...c }) =>
    sortKey
      ? {
          ...c,
          key: columnKey(c),
          sorter: true,
          sortDirections: ['descend', 'ascend'],
          sortOrder: sort.sortBy === sortKey ? ANTD_ORDER[sort.sortOrder ?? 'desc'] : null,
        }
      : c,
  );
  const keyToSort = new Map(columns.filter((c) => c.sortKey).map((c) => [columnKey(c), c.sortKey!]));
  const tableSettings = (
    <TableSettings columns={columns} settings={settings} onChange={change} testId={testId} />
  );
  const totalTestId = `${testId.replace(/-table$/, '')}-total`;
  const pagination: TablePaginationConfig = {
    current: pageNo,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: pageSizes,
    showTotal: () => (
      <Typography.Text data-testid={totalTestId}>
        {answer?.totalCapped ? t`${cap}+ in total` : t`${cap} in total`}
      </Typography.Text>
    ),
  };
  return (
    <Flex vertical gap={0} ref={frame}>
      {toolbar ? (
        <TableSettingsProvider settings={tableSettings}>{toolbar}</TableSettingsProvider>
      ) : (
        <Flex justify="end" style={{ paddingBlock: 8 }}>
          {tableSettings}
        </Flex>
      )}
      <Table<R>
        data-testid={testId}
        rowKey={rowKey}
        size={settings.density ?? 'middle'}
        columns={shown}
        dataSource={answer?.records}
        loading={loading}
        scroll={{ x: 'max-content' }}
        sticky={{ offsetHeader }}
        showSorterTooltip={false}
        expandable={expandable}
        rowSelection={
          selected && onSelect
            ? {
                selectedRowKeys: selected.map((r) => r[rowKey] as React.Key),
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => onSelect(rows.filter(Boolean)),
              }
            : undefined
        }
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
        pagination={pagination}
        onChange={(p, _filters, sorter, extra) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<R> | undefined;
          const by = s?.order ? keyToSort.get(String(s.columnKey)) : undefined;
          const nextSort: ListSort = by ? { sortBy: by, sortOrder: OUR_ORDER[s!.order!] } : {};
          const size = p.pageSize ?? pageSize;
          const restart = extra.action === 'sort' || size !== pageSize;
          onChange({ pageNo: restart ? 1 : (p.current ?? 1), pageSize: size, sort: nextSort });
        }}
      />
    </Flex>
  );
}
