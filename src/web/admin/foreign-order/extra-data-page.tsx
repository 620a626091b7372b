import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { originKeys, originMutations } from '../../api/queries/origin-order.ts';
import { useCan } from '../../session/permissions.ts';
import { compact } from '../carrier/search.ts';
import { ExportAction } from '../region/export-action.tsx';
import { ImportAction } from '../region/import-action.tsx';
import { OriginFilters } from './origin-filters.tsx';
import { type OriginFilterValues, originFiltersOf } from './search.ts';

/**
 * foreignOrder/data: the extra origin information (buyer ID no, declared value, invoice, payment)
 * comes in from the template, all rows or none, with every bad row reported; and goes out for
 * the origin orders the filters select, in the same columns, so the file can be completed and
 * imported again.
 */
export function ExtraDataPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const canImport = useCan('foreignOrder:import');
  const canExport = useCan('foreignOrder:export');
  const importExtra = useMutation(originMutations.importExtra());
  const template = useMutation(originMutations.extraTemplate());
  const exportExtra = useMutation(originMutations.exportExtra());
  const [filters, setFilters] = useState<OriginFilterValues>({});

  return (
    <Flex vertical gap={16} data-testid="origin-data-page">
      <Card title={t`Import extra origin information`}>
        <Flex vertical gap={12} align="flex-start">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            <Trans>
              Each row names an origin order by its platform and platform order no and gives its extra
              information: buyer ID no, declared value and currency, invoice no, payment method and time. An
              empty cell keeps what is stored. Nothing is imported unless every row is valid.
            </Trans>
          </Typography.Paragraph>
          {canImport && (
            <ImportAction
              title={t`Import extra origin information`}
              upload={(file) => importExtra.mutateAsync(file)}
              template={() => template.mutateAsync()}
              onImported={() => void queryClient.invalidateQueries({ queryKey: originKeys.all() })}
            />
          )}
        </Flex>
      </Card>
      {canExport && (
        <Card
          title={t`Export extra origin information`}
          extra={<ExportAction start={() => exportExtra.mutateAsync(originFiltersOf(filters))} />}
        >
          <Typography.Paragraph type="secondary">
            <Trans>
              The export holds the origin orders these filters select, in the template’s columns first.
            </Trans>
          </Typography.Paragraph>
          <OriginFilters value={filters} onSearch={(values) => setFilters(compact(values))} />
        </Card>
      )}
    </Flex>
  );
}
