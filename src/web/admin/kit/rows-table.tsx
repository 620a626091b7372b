import { useLingui } from '@lingui/react/macro';
import { Empty, Table, type TablePaginationConfig, type TableProps, Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import { PAGE_SIZES } from './list-table.tsx';
import { useStickyOffset } from './sticky-offset.ts';

/** What a screen may still say of its table beyond the kit's defaults. */
type Passed<R> = Pick<
  TableProps<R>,
  | 'columns'
  | 'rowKey'
  | 'loading'
  | 'summary'
  | 'expandable'
  | 'rowSelection'
  | 'onRow'
  | 'rowClassName'
  | 'bordered'
  | 'title'
  | 'footer'
  | 'showHeader'
>;

/** A server's page of rows, as the list calls answer it, with the page asked for. */
export interface RowsPage {
  pageNo: number;
  pageSize: number;
  total: number;
}

export interface RowsTableProps<R> extends Passed<R> {
  rows: readonly R[] | undefined;
  testId?: string;
  /** What the table says when it has no rows (the kit's "No data" otherwise). */
  empty?: ReactNode;
  size?: 'small' | 'middle';
  /** Its header sticks under the desk's header and tabs (or to the top of a drawer) while it scrolls. */
  sticky?: boolean;
  /**
   * The server's pages: the page shown, the total in words and what a new page or page size does
   * (a new size starts again at page one). Without it every row is on one page.
   */
  pages?: {
    page: RowsPage | undefined;
    onPage: (pageNo: number, pageSize: number) => void;
    showTotal?: (total: number) => ReactNode;
    /** Pages of one size only: no size changer. */
    fixedSize?: boolean;
  };
  /** Pages of this many rows made here, for a long list the screen has whole. */
  localPageSize?: number;
  /** The rows scroll under a header that stays, past this height (px). */
  scrollY?: number;
}

/**
 * The desk's table of rows a screen already holds or reads a page of outside the list kit's
 * search-in-the-URL lists: a detail's lines, a drawer's rows, a report's groups, an import's
 * outcome. One look everywhere: its content's width with sideways scroll, the translated empty
 * state, small rows by default, and the pages' size changer and total as ListTable has them.
 */
export function RowsTable<R extends object>({
  rows,
  testId,
  empty,
  size = 'small',
  sticky = false,
  pages,
  localPageSize,
  scrollY,
  ...passed
}: RowsTableProps<R>) {
  const { t } = useLingui();
  const frame = useRef<HTMLDivElement>(null);
  const offsetHeader = useStickyOffset(frame);
  let pagination: TablePaginationConfig | false = false;
  if (pages) {
    const pageSize = pages.page?.pageSize ?? 20;
    const showTotal = pages.showTotal ?? ((n: number) => t`${n} in total`);
    pagination = {
      current: pages.page?.pageNo ?? 1,
      pageSize,
      total: pages.page?.total ?? 0,
      showSizeChanger: !pages.fixedSize,
      pageSizeOptions: PAGE_SIZES,
      showTotal: (total) => <Typography.Text>{showTotal(total)}</Typography.Text>,
      onChange: (pageNo, next) => pages.onPage(next !== pageSize ? 1 : pageNo, next),
    };
  } else if (localPageSize && (rows?.length ?? 0) > localPageSize) {
    pagination = { pageSize: localPageSize, showSizeChanger: false, hideOnSinglePage: true };
  }
  return (
    <div ref={frame}>
      <Table<R>
        data-testid={testId}
        size={size}
        dataSource={rows as R[] | undefined}
        scroll={{ x: 'max-content', ...(scrollY ? { y: scrollY } : {}) }}
        sticky={sticky ? { offsetHeader } : undefined}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t`No data`} />,
        }}
        pagination={pagination}
        {...passed}
      />
    </div>
  );
}

/** The summary rows of a kit table (`summary`): its rows and cells, as antd's Table.Summary. */
export const TableSummary = Table.Summary;
