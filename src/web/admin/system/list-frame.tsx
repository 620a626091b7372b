import { Card, Flex, type TablePaginationConfig, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The frame of a system screen: the filters above, the list with its title and actions below. */
export function ListFrame({
  testId,
  title,
  filters,
  actions,
  children,
}: {
  testId: string;
  title: ReactNode;
  filters?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={16} data-testid={testId}>
      {filters && <Card size="small">{filters}</Card>}
      <Card title={title} extra={actions} styles={{ body: { paddingBlockStart: 0 } }}>
        {children}
      </Card>
    </Flex>
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
  go: (pageNo: number, pageSize: number) => void;
}): TablePaginationConfig {
  return {
    current: opts.pageNo,
    pageSize: opts.pageSize,
    total: opts.total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100, 200],
    showTotal: () => <Typography.Text>{opts.totalText}</Typography.Text>,
    onChange: (next, size) => opts.go(size !== opts.pageSize ? 1 : next, size),
  };
}
