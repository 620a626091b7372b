import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Form, type FormInstance, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { orderKeys } from '../../api/queries/order.ts';
import { originFiles, originKeys, originMutations, originQueries } from '../../api/queries/origin-order.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ImportAction } from '../kit/import-action.tsx';
import { compact } from '../kit/search.ts';
import { fromForm, type OriginFilterForm, OriginFilters } from './origin-filters.tsx';
import { type OriginFilterValues, originFiltersOf } from './search.ts';

/**
 * foreignOrder/data: the extra origin information (buyer ID no, declared value, invoice, payment)
 * comes in from the template, all rows or none, with every bad row reported; and goes out for
 * the origin orders the filters select, in the same columns, so the file can be completed and
 * imported again. The export takes the filters as they stand, searched or not; Search tells how many
 * orders they select. It needs a creation time range with both ends (spec 5: "creation time range
 * must be selected"): the last 7 days until the user picks another, as on the push records.
 * Those who check weights (order:check) import the checked weights of the orders made from origin
 * orders here too.
 */
export function ExtraDataPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const canImport = useCan('foreignOrder:import');
  const canExport = useCan('foreignOrder:export');
  const canCheck = useCan('order:check');
  const importExtra = useMutation(originMutations.importExtra());
  const template = useMutation(originMutations.extraTemplate());
  const exportExtra = useMutation(originMutations.exportExtra());
  const [filters, setFilters] = useState<OriginFilterValues>(lastWeek);
  const [searched, setSearched] = useState(false);
  const [form] = Form.useForm<OriginFilterForm>();
  // Counted once searched: the card with the filters shows only to those who may export.
  const count = useQuery({
    ...originQueries.list(i18n.locale, { ...originFiltersOf(filters), pageNo: 1, pageSize: 1 }),
    enabled: searched,
  }).data?.total;
  const exportStanding = () => {
    const standing = compact(fromForm(form.getFieldsValue()));
    setFilters(standing);
    const { startTime, endTime, ...rest } = originFiltersOf(standing);
    // The button is disabled without both ends (RangedExport); the server refuses it too.
    if (!startTime || !endTime) return Promise.reject(new Error('no creation time range'));
    return exportExtra.mutateAsync({ ...rest, startTime, endTime });
  };

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
      {canCheck && (
        <Card title={t`Import checked weights`} data-testid="origin-checked-weights">
          <Flex vertical gap={12} align="flex-start">
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              <Trans>
                Each row names an order made from a foreign order by its tracking no and gives its checked
                weight and sides; its volume weight and fees are computed again. A row naming another order is
                reported. Nothing is imported unless every row is valid.
              </Trans>
            </Typography.Paragraph>
            <ImportAction
              title={t`Import checked weights`}
              upload={originFiles.importCheckedWeights}
              template={originFiles.checkTemplate}
              onImported={() => void queryClient.invalidateQueries({ queryKey: orderKeys.orders() })}
            />
          </Flex>
        </Card>
      )}
      {canExport && (
        <Card
          title={t`Export extra origin information`}
          extra={<RangedExport form={form} start={exportStanding} />}
        >
          <Typography.Paragraph type="secondary">
            <Trans>
              The export holds the origin orders these filters select, in the template’s columns first.
            </Trans>
          </Typography.Paragraph>
          <OriginFilters
            form={form}
            value={filters}
            onSearch={(values) => {
              setFilters(compact(values));
              setSearched(true);
            }}
          />
          {count !== undefined && (
            <Typography.Text data-testid="origin-data-matching">
              {t({
                message: plural(count, {
                  one: '# foreign order matches these filters.',
                  other: '# foreign orders match these filters.',
                }),
              })}
            </Typography.Text>
          )}
        </Card>
      )}
    </Flex>
  );
}

/** The creation time range the page opens with: the last 7 days, today included. */
const lastWeek = (): OriginFilterValues => ({
  startTime: dayjs().subtract(7, 'day').startOf('day').toISOString(),
  endTime: dayjs().add(1, 'day').startOf('day').toISOString(),
});

/** The export, blocked while the standing filters' creation time range lacks an end. */
function RangedExport({
  form,
  start,
}: {
  form: FormInstance<OriginFilterForm>;
  start: () => Promise<ExportTaskRecord>;
}) {
  const { t } = useLingui();
  const range = Form.useWatch('range', form);
  const ranged = Boolean(range?.[0] && range[1]);
  return (
    <ExportAction start={start} blockedBy={ranged ? undefined : t`Creation time range must be selected`} />
  );
}
