import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Flex } from 'antd';
import type { ExchangeRecord } from '../../../shared/contract/exchange.ts';
import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import { exchangeFiles, exchangeQueries } from '../../api/queries/exchange.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { useExchangeColumns } from './exchange-columns.tsx';
import { ExchangeFilters } from './exchange-filters.tsx';
import { ExchangeScan } from './exchange-scan.tsx';
import { exchangeFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/overseas');

/**
 * The Exchange scans tab of /admin/ladingBll/overseas (exchange/scan/list): orders that reached the
 * destination and whether they were relabelled, with the filters, page and sort in the URL, the
 * export of what the filters select, and the desk's own exchange scan.
 */
export function ExchangeListTab() {
  const { t, i18n } = useLingui();
  const screen = useListScreen({
    route: routeApi,
    selectable: false,
    filtersOf: exchangeFiltersOf,
    sorts: LIST_SORTS.exchange,
    keep: ['tab'],
    query: (body) => exchangeQueries.list(i18n.locale, body),
  });
  const canScan = useCan('exchange:scan');
  const canExport = useCan('exchange:export');
  const columns = useExchangeColumns();

  return (
    <Flex vertical gap={16}>
      {canScan && <ExchangeScan />}
      <ListFrame
        testId="exchange-list-page"
        title={t`Exchange scans`}
        actions={
          canExport && (
            <ExportAction label={t`Export`} start={() => exchangeFiles.exportRecords(screen.filters)} />
          )
        }
        filters={<ExchangeFilters value={screen.filters} onSearch={screen.onSearch} />}
      >
        <ListTable<ExchangeRecord>
          listKey="exchange"
          testId="exchange-table"
          columns={columns}
          empty={t`No exchange records found`}
          {...screen.table}
        />
      </ListFrame>
    </Flex>
  );
}
