import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import type { PromptImportDone, PromptRecord } from '../../../shared/contract/prompt-record.ts';
import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { promptMutations, promptQueries } from '../../api/queries/prompt-record.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ImportAction } from '../kit/import-action.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { type ListSearch, useListScreen } from '../kit/use-list-screen.ts';
import { usePromptColumns } from './prompt-columns.tsx';
import { RecordFilterForm, type RecordFilters } from './record-filters.tsx';
import { recordFiltersOf } from './search.ts';

/** "Upload success: …" of a confirmation import: what it signed or returned, and what it found done already. */
export function useImportOutcome(): (r: PromptImportDone) => string {
  const { t } = useLingui();
  return ({ recorded, alreadyRecorded }) => {
    const done = t({
      message: plural(recorded, {
        one: 'Upload success: # order updated',
        other: 'Upload success: # orders updated',
      }),
    });
    return alreadyRecorded > 0
      ? `${done}; ${t`${alreadyRecorded} already recorded, left as they were`}`
      : done;
  };
}

/** The filters among the URL's values. */
const withoutPage = ({
  pageNo: _n,
  pageSize: _s,
  sortBy: _b,
  sortOrder: _o,
  ...filters
}: RecordFilters & ListSearch & { tab?: unknown }): RecordFilters => {
  const { tab: _t, ...rest } = filters as RecordFilters & { tab?: unknown };
  return rest;
};

/** The URL a confirmation list reads: its filters, page and sort (and the tab it sits in). */
type RecordSearch = RecordFilters & ListSearch;

/**
 * A list of confirmations with its filters, page and sort (in the route's URL), export and, on
 * report/promptRecord, the import with its template. `recall` shows the returned orders as
 * report/recallRecord reads them; `keep` names the URL values a search keeps (the tab).
 */
export function ConfirmationList({
  kind,
  recall,
  title,
  testId,
  route,
  keep,
}: {
  kind: PromptKind;
  recall?: boolean;
  title: string;
  testId: string;
  route: { useSearch: () => RecordSearch; useNavigate: () => unknown };
  keep?: readonly (keyof RecordSearch | 'tab')[];
}) {
  const { t, i18n } = useLingui();
  const canImport = useCan('promptRecord:import') && !recall;
  const canExport = useCan('promptRecord:export');
  const screen = useListScreen({
    route,
    filtersOf: recordFiltersOf,
    sorts: LIST_SORTS.prompt,
    keep: keep as (keyof RecordSearch)[],
    selectable: canExport,
    query: (body) => promptQueries.list(kind, i18n.locale, body),
  });
  const { search, filters, selected } = screen;
  const importFile = useMutation(promptMutations.import(kind));
  const template = useMutation(promptMutations.template(kind));
  const exportRecords = useMutation(promptMutations.export(kind));
  const outcome = useImportOutcome();
  const values: RecordFilters = withoutPage(search);
  const columns = usePromptColumns(kind, {
    recall,
    onImport: (importId) => screen.onSearch({ ...values, importId }),
  });
  const delivery = kind === PromptKind.delivery;

  return (
    <ListFrame
      testId={testId}
      title={title}
      filters={
        <RecordFilterForm
          value={values}
          timeLabel={delivery ? t`Sign time` : t`Return time`}
          withRecalled={recall}
          onSearch={screen.onSearch}
        />
      }
      actions={
        <Flex gap={8} wrap>
          {canImport && (
            <ImportAction
              title={delivery ? t`Import delivery confirmations` : t`Import return confirmations`}
              upload={(file) => importFile.mutateAsync(file)}
              successMessage={outcome}
              template={() => template.mutateAsync()}
              onImported={screen.refresh}
            />
          )}
          {canExport && (
            <ExportAction
              start={() =>
                exportRecords.mutateAsync({
                  ...filters,
                  ids: selected.length ? selected.map((r) => r.recId) : undefined,
                })
              }
            />
          )}
        </Flex>
      }
    >
      {search.importId !== undefined && (
        <Typography.Paragraph type="secondary" style={{ marginBlock: 12 }}>
          {t`Showing the records of one import.`}{' '}
          <Typography.Link onClick={() => screen.onSearch({ ...values, importId: undefined })}>
            {t`Show all`}
          </Typography.Link>
        </Typography.Paragraph>
      )}
      <ListTable<PromptRecord>
        listKey={recall ? 'recall' : 'prompt'}
        testId={`${testId}-table`}
        columns={columns}
        empty={t`No records`}
        {...screen.table}
      />
    </ListFrame>
  );
}
