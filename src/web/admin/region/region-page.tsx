import { CloseOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Card, Col, Flex, Popconfirm, Row, Space, Tag } from 'antd';
import { useState } from 'react';
import type { RegionRecord } from '../../../shared/contract/region.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { regionKeys, regionMutations } from '../../api/queries/region.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ImportAction } from '../kit/import-action.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { LEVEL_COLORS, LEVEL_LABELS } from './labels.ts';
import { RegionFilters } from './region-filters.tsx';
import { RegionPreview } from './region-preview.tsx';
import { RegionTree } from './region-tree.tsx';
import { regionList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/options/point');

/** /admin/options/point: the region tree, the filtered list, enable/disable, import and export. */
export function RegionPage() {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('region:edit');
  const canImport = useCan('region:import');
  const canExport = useCan('region:export');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters = compact({
    keyword: search.keyword,
    level: search.level,
    status: search.status,
    parentId: search.parentId,
  });
  const list = useQuery(regionList.query(regionList.deps(search)));
  const [selected, setSelected] = useState<RegionRecord[]>([]);
  const count = selected.length;
  // The parent being listed, named from the tree (or from the list when it came from a link).
  const [parentName, setParentName] = useState<string | null>(null);
  const shownParent =
    parentName ?? list.data?.records[0]?.parentName ?? (search.parentId ? `#${search.parentId}` : null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: regionKeys.all() });
  const status = useMutation({
    ...regionMutations.updateStatus(),
    onSuccess: async (_, vars) => {
      message.success(vars.status === Enabled.enabled ? t`Regions enabled` : t`Regions disabled`);
      setSelected([]);
      await refresh();
    },
  });
  const importFile = useMutation(regionMutations.importFile());
  const template = useMutation(regionMutations.template());
  const exportFile = useMutation(regionMutations.exportFile());
  const setStatus = (recIds: number[], next: number) =>
    status.mutateAsync({ recIds, status: next }).catch(() => undefined);

  const columns: KitColumns<RegionRecord> = [
    { title: t`Code`, dataIndex: 'code', fixed: 'start' },
    { title: t`Name`, dataIndex: 'name' },
    {
      title: t`Level`,
      dataIndex: 'level',
      render: (level: number) => {
        const label = LEVEL_LABELS[level];
        return <Tag color={LEVEL_COLORS[level]}>{label ? i18n._(label) : level}</Tag>;
      },
    },
    { title: t`Parent region`, dataIndex: 'parentName', render: (name: string | null) => name ?? '—' },
    { title: t`Chinese name`, dataIndex: 'nameCn' },
    { title: t`English name`, dataIndex: 'nameEn' },
    { title: t`Arabic name`, dataIndex: 'nameAr', render: (name: string) => <span dir="rtl">{name}</span> },
    { title: t`Post code`, dataIndex: 'postCode', render: (code: string) => code || '—' },
    { title: t`Sort order`, dataIndex: 'sort' },
    {
      title: t`Status`,
      dataIndex: 'status',
      render: (s: number) => (
        <Tag color={s === Enabled.enabled ? 'success' : 'default'}>
          {s === Enabled.enabled ? t`Enabled` : t`Disabled`}
        </Tag>
      ),
    },
  ];
  if (canEdit)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, r) => {
        const enabled = r.status === Enabled.enabled;
        const name = r.name;
        return (
          <Popconfirm
            title={enabled ? t`Disable ${name}?` : t`Enable ${name}?`}
            description={enabled ? t`It and every region below it leave the address selectors.` : undefined}
            okText={t`Yes`}
            cancelText={t`No`}
            onConfirm={() => setStatus([r.recId], enabled ? Enabled.disabled : Enabled.enabled)}
          >
            <Button type="link" size="small" danger={enabled} data-testid={`region-toggle-${r.code}`}>
              {enabled ? t`Disable` : t`Enable`}
            </Button>
          </Popconfirm>
        );
      },
    });

  return (
    <Flex vertical gap={16} data-testid="region-page">
      <Card size="small">
        <RegionFilters
          value={filters}
          onSearch={(values) =>
            navigate({ search: (prev) => compact({ ...values, parentId: prev.parentId }) })
          }
          onReset={() => {
            setParentName(null);
            navigate({ search: {} });
          }}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={7}>
          <Flex vertical gap={16}>
            <Card size="small" title={t`Region tree`}>
              <RegionTree
                selected={search.parentId}
                onSelect={(r) => {
                  setParentName(r?.name ?? null);
                  navigate({ search: (prev) => compact({ ...prev, parentId: r?.recId, pageNo: undefined }) });
                }}
              />
            </Card>
            <RegionPreview />
          </Flex>
        </Col>
        <Col xs={24} xl={17}>
          <Card
            title={
              <Space wrap>
                {t`Regions`}
                {search.parentId && shownParent && (
                  <Tag
                    closable
                    closeIcon={<CloseOutlined aria-label={t`Show all regions`} />}
                    onClose={(e) => {
                      e.preventDefault();
                      setParentName(null);
                      navigate({
                        search: (prev) => compact({ ...prev, parentId: undefined, pageNo: undefined }),
                      });
                    }}
                  >
                    {t`Under ${shownParent}`}
                  </Tag>
                )}
              </Space>
            }
            extra={
              <Space wrap>
                {canEdit && (
                  <>
                    <Button
                      disabled={selected.length === 0}
                      onClick={() =>
                        setStatus(
                          selected.map((r) => r.recId),
                          Enabled.enabled,
                        )
                      }
                    >{t`Enable selected`}</Button>
                    <Popconfirm
                      title={t`Disable the ${count} selected regions?`}
                      description={t`They and every region below them leave the address selectors.`}
                      okText={t`Yes`}
                      cancelText={t`No`}
                      disabled={selected.length === 0}
                      onConfirm={() =>
                        setStatus(
                          selected.map((r) => r.recId),
                          Enabled.disabled,
                        )
                      }
                    >
                      <Button danger disabled={selected.length === 0}>{t`Disable selected`}</Button>
                    </Popconfirm>
                  </>
                )}
                {canImport && (
                  <ImportAction
                    title={t`Import regions`}
                    upload={(file) => importFile.mutateAsync(file)}
                    template={() => template.mutateAsync()}
                    onImported={() => void refresh()}
                  />
                )}
                {canExport && <ExportAction start={() => exportFile.mutateAsync(filters)} />}
              </Space>
            }
            styles={{ body: { paddingBlockStart: 0 } }}
          >
            <ListTable<RegionRecord>
              listKey="regions"
              testId="region-table"
              columns={columns}
              answer={list.data}
              loading={list.isFetching}
              pageNo={pageNo}
              pageSize={pageSize}
              onChange={(next) =>
                navigate({ search: (prev) => ({ ...prev, pageNo: next.pageNo, pageSize: next.pageSize }) })
              }
              {...(canEdit ? { selected, onSelect: setSelected } : {})}
              empty={t`No regions found`}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
