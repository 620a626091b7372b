import { useLingui } from '@lingui/react/macro';
import { Empty, Table, type TableColumnsType, type TablePaginationConfig, Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageAnswer<R> {
  records: R[];
  total: number;
  totalCapped?: boolean | undefined;
}

/**
 * A list screen's table: one page of the server's answer, rows selectable across pages for the
 * toolbar's operations, the total (or "n+" when the server stopped counting) and the page and its
 * size, which the screen keeps in the URL.
 */
export function PagedTable<R extends { recId: number }>({
  testId,
  columns,
  answer,
  loading,
  pageNo,
  pageSize,
  onPage,
  selected,
  onSelect,
  empty,
  pageSizes,
}: {
  /** The table's test id; its total is `${testId}-total` without "-table". */
  testId: string;
  columns: TableColumnsType<R>;
  answer: PageAnswer<R> | undefined;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number, pageSize: number) => void;
  selected?: R[];
  onSelect?: (rows: R[]) => void;
  empty: string;
  /** The page sizes offered (their largest is what the route's search schema allows). */
  pageSizes?: number[];
}) {
  const { t, i18n } = useLingui();
  const total = answer?.total ?? 0;
  const cap = i18n.number(total);
  return (
    <Table<R>
      data-testid={testId}
      rowKey="recId"
      size="middle"
      columns={columns}
      dataSource={answer?.records}
      loading={loading}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selected && onSelect
          ? {
              selectedRowKeys: selected.map((r) => r.recId),
              preserveSelectedRowKeys: true,
              onChange: (_keys, rows) => onSelect(rows.filter(Boolean)),
            }
          : undefined
      }
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      pagination={urlPagination({
        pageNo,
        pageSize,
        total,
        totalText: answer?.totalCapped ? t`${cap}+ in total` : t`${cap} in total`,
        totalTestId: `${testId.replace(/-table$/, '')}-total`,
        pageSizes,
        go: onPage,
      })}
    />
  );
}

/**
 * The pager of a list whose page lives in the URL: `go` gets the next page and size (a new size
 * starts again at page 1); `totalText` says how many (e.g. "10,000+" when the count is capped).
 */
export function urlPagination(opts: {
  pageNo: number;
  pageSize: number;
  total: number;
  totalText: ReactNode;
  totalTestId?: string;
  pageSizes?: number[] | undefined;
  go: (pageNo: number, pageSize: number) => void;
}): TablePaginationConfig {
  return {
    current: opts.pageNo,
    pageSize: opts.pageSize,
    total: opts.total,
    showSizeChanger: true,
    pageSizeOptions: opts.pageSizes ?? [10, 20, 50, 100, 200],
    showTotal: () => <Typography.Text data-testid={opts.totalTestId}>{opts.totalText}</Typography.Text>,
    onChange: (next, size) => opts.go(size !== opts.pageSize ? 1 : next, size),
  };
}
