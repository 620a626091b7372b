import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import type { PromptImportDone, PromptRecord } from '../../../shared/contract/prompt-record.ts';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { promptKeys, promptMutations, promptQueries } from '../../api/queries/prompt-record.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../region/export-action.tsx';
import { ImportAction } from '../region/import-action.tsx';
import { PagedTable } from '../shared/paged-table.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { usePromptColumns } from './prompt-columns.tsx';
import { RecordFilterForm, type RecordFilters } from './record-filters.tsx';
import { DEFAULT_PAGE_SIZE, recordFiltersOf } from './search.ts';

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

const withoutPage = ({
  pageNo: _n,
  pageSize: _s,
  ...filters
}: RecordFilters & { pageNo?: unknown; pageSize?: unknown }) => filters;

/**
 * A list of confirmations with its filters (in the URL), export and, on report/promptRecord, the
 * import with its template. `recall` shows the returned orders as report/recallRecord reads them.
 */
export function ConfirmationList({
  kind,
  recall,
  title,
  testId,
  search,
  onSearch,
  onPage,
}: {
  kind: PromptKind;
  recall?: boolean;
  title: string;
  testId: string;
  search: RecordFilters & { pageNo?: number | undefined; pageSize?: number | undefined };
  onSearch: (values: RecordFilters) => void;
  onPage: (pageNo: number, pageSize: number) => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const canImport = useCan('promptRecord:import') && !recall;
  const canExport = useCan('promptRecord:export');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters = recordFiltersOf(search);
  const list = useQuery(promptQueries.list(kind, i18n.locale, { ...filters, pageNo, pageSize }));
  const importFile = useMutation(promptMutations.import(kind));
  const template = useMutation(promptMutations.template(kind));
  const exportRecords = useMutation(promptMutations.export(kind));
  const outcome = useImportOutcome();
  const [selected, setSelected] = useState<PromptRecord[]>([]);
  const columns = usePromptColumns(kind, {
    recall,
    onImport: (importId) => onSearch({ importId }),
  });
  const delivery = kind === PromptKind.delivery;

  return (
    <ListFrame
      testId={testId}
      title={title}
      filters={
        <RecordFilterForm
          value={search}
          timeLabel={delivery ? t`Sign time` : t`Return time`}
          withRecalled={recall}
          onSearch={(values) => {
            setSelected([]);
            onSearch(values);
          }}
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
              onImported={() => void queryClient.invalidateQueries({ queryKey: promptKeys.all() })}
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
          <Typography.Link onClick={() => onSearch({ ...withoutPage(search), importId: undefined })}>
            {t`Show all`}
          </Typography.Link>
        </Typography.Paragraph>
      )}
      <PagedTable<PromptRecord>
        testId={`${testId}-table`}
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onPage={onPage}
        selected={canExport ? selected : undefined}
        onSelect={setSelected}
        empty={t`No records`}
      />
    </ListFrame>
  );
}
