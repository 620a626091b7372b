import { Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Page } from '../../../shared/contract/core.ts';

/**
 * The pagination of the report tables: the page in the URL, a new page size starting again at page
 * one, and the total in words (`showTotal`).
 */
export function pagination(
  page: Page<unknown> | undefined,
  showTotal: (total: number) => ReactNode,
  onPage: (pageNo: number, pageSize: number) => void,
) {
  const pageSize = page?.pageSize ?? 20;
  return {
    current: page?.pageNo ?? 1,
    pageSize,
    total: page?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100, 200],
    showTotal: (total: number) => <Typography.Text>{showTotal(total)}</Typography.Text>,
    onChange: (pageNo: number, size: number) => onPage(size !== pageSize ? 1 : pageNo, size),
  };
}
