import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Popconfirm, Space, type TableColumnsType } from 'antd';
import type { VolumeLimitRecord } from '../../../shared/contract/volume-limit.ts';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { volumeLimitKeys, volumeLimitMutations, volumeLimitQueries } from '../../api/queries/volume-limit.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { OptionsItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ImportAction } from '../kit/import-action.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { localNamedOptions, named } from '../kit/text.ts';
import { useFormat } from '../kit/use-format.ts';
import type { OptionsTabProps } from './options-tab.ts';

type LimitFilterValues = {
  carrierId?: number | undefined;
  region?: string | undefined;
};

/** Daily order caps per carrier and region: list, import (with its bad-row report), export, delete. */
export function VolumeLimitTab({ search, onSearch }: OptionsTabProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canImport = useCan('volumeLimit:import');
  const canExport = useCan('volumeLimit:export');
  const canDelete = useCan('volumeLimit:delete');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters = compact({ carrierId: search.carrierId, region: search.region });
  const list = useQuery(volumeLimitQueries.list(i18n.locale, { ...filters, pageNo, pageSize }));
  const carriers = useQuery(carrierQueries.options()).data ?? [];
  const importFile = useMutation(volumeLimitMutations.importFile());
  const template = useMutation(volumeLimitMutations.template());
  const exportFile = useMutation(volumeLimitMutations.exportFile());
  const remove = useMutation({
    ...volumeLimitMutations.remove(),
    onSuccess: async () => {
      message.success(t`Deleted`);
      await queryClient.invalidateQueries({ queryKey: volumeLimitKeys.all() });
    },
  });

  const columns: TableColumnsType<VolumeLimitRecord> = [
    { title: t`Carrier`, key: 'carrier', render: (_, r) => named(r.carrierName, r.carrierCode) },
    { title: t`Region code`, dataIndex: 'regionCode' },
    { title: t`Region`, dataIndex: 'regionName' },
    {
      title: t`Daily limit`,
      dataIndex: 'dailyLimit',
      align: 'end',
      render: (n: number) => i18n.number(n),
    },
    { title: t`Updated at`, dataIndex: 'updatedAt', render: (iso: string) => format.dateTime(iso) },
  ];
  if (canDelete)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      render: (_, r) => (
        <Popconfirm
          title={t`Delete this volume limit?`}
          okText={t`Yes`}
          cancelText={t`No`}
          onConfirm={() => remove.mutateAsync(r.recId).catch(() => undefined)}
        >
          <Button type="link" size="small" danger>
            {t`Delete`}
          </Button>
        </Popconfirm>
      ),
    });

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <FilterForm<LimitFilterValues>
          value={{ carrierId: search.carrierId, region: search.region }}
          onSearch={(v) => onSearch(compact(v))}
          label={t`Filter volume limits`}
        >
          <OptionsItem
            name="carrierId"
            label={t`Carrier`}
            width={200}
            search
            options={localNamedOptions(carriers, i18n.locale)}
          />
          <TextItem name="region" label={t`Region`} maxLength={100} placeholder={t`Code or name`} />
        </FilterForm>
      </Card>
      <Card
        title={t`Order volume limits`}
        extra={
          <Space>
            {canImport && (
              <ImportAction
                title={t`Import volume limits`}
                upload={(file) => importFile.mutateAsync(file)}
                template={() => template.mutateAsync()}
                onImported={() => void queryClient.invalidateQueries({ queryKey: volumeLimitKeys.all() })}
              />
            )}
            {canExport && <ExportAction start={() => exportFile.mutateAsync(filters)} />}
          </Space>
        }
        styles={{ body: { paddingBlockStart: 0 } }}
      >
        <RowsTable<VolumeLimitRecord>
          testId="volume-limit-table"
          rowKey="recId"
          size="middle"
          columns={columns}
          rows={list.data?.records}
          loading={list.isFetching}
          empty={t`No volume limits found`}
          pages={{
            page: { pageNo, pageSize, total: list.data?.total ?? 0 },
            showTotal: (total) => t`${total} in total`,
            onPage: (next, size) => onSearch({ ...filters, pageNo: next, pageSize: size }),
          }}
        />
      </Card>
    </Flex>
  );
}
