import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Flex } from 'antd';
import type { ExchangeRecord } from '../../../shared/contract/exchange.ts';
import { exchangeFiles, exchangeQueries } from '../../api/queries/exchange.ts';
import { useCan } from '../../session/permissions.ts';
import { compact } from '../carrier/search.ts';
import { DEFAULT_PAGE_SIZE } from '../overseas/search.ts';
import { ExportAction } from '../region/export-action.tsx';
import { PagedTable } from '../shared/paged-table.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { useExchangeColumns } from './exchange-columns.tsx';
import { ExchangeFilters } from './exchange-filters.tsx';
import { ExchangeScanBox } from './exchange-scan-box.tsx';
import { type ExchangeFilterValues, exchangeFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/overseas');

/**
 * The Exchange scans tab of /admin/ladingBll/overseas (exchange/scan/list): orders that reached the
 * destination and whether they were relabelled, with the filters and page in the URL, the export
 * of what the filters select, and the desk's own exchange scan.
 */
export function ExchangeListTab() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filterValues: ExchangeFilterValues = exchangeFiltersOf(search);
  const list = useQuery(exchangeQueries.list(i18n.locale, { ...filterValues, pageNo, pageSize }));
  const canScan = useCan('exchange:scan');
  const canExport = useCan('exchange:export');
  const columns = useExchangeColumns();

  return (
    <Flex vertical gap={16}>
      {canScan && <ExchangeScanBox />}
      <ListFrame
        testId="exchange-list-page"
        title={t`Exchange scans`}
        actions={
          canExport && (
            <ExportAction label={t`Export`} start={() => exchangeFiles.exportRecords(filterValues)} />
          )
        }
        filters={
          <ExchangeFilters
            value={filterValues}
            onSearch={(values) => void navigate({ search: { tab: 'exchange', ...compact(values) } })}
          />
        }
      >
        <PagedTable<ExchangeRecord>
          testId="exchange-table"
          columns={columns}
          answer={list.data}
          loading={list.isFetching}
          pageNo={pageNo}
          pageSize={pageSize}
          onPage={(next, size) =>
            void navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) })
          }
          empty={t`No exchange records found`}
        />
      </ListFrame>
    </Flex>
  );
}
