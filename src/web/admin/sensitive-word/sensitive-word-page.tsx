import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Card, Flex, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import type { SensitiveWordRecord } from '../../../shared/contract/sensitive-word.ts';
import { sensitiveWordKeys, sensitiveWordMutations } from '../../api/queries/sensitive-word.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { TextItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ListTable } from '../kit/list-table.tsx';
import type { SensitiveWordSearch } from './search.ts';
import { sensitiveWordList } from './search.ts';
import { SensitiveWordFormModal } from './sensitive-word-form-modal.tsx';

const routeApi = getRouteApi('/_desk/admin/customs/sensitive-word');
const DEFAULT_PAGE_SIZE = 20;

type Filters = Pick<SensitiveWordSearch, 'word' | 'category'>;

const compact = (f: Filters): Filters => ({
  ...(f.word ? { word: f.word } : {}),
  ...(f.category ? { category: f.category } : {}),
});

/** /admin/customs/sensitive-word: the words customs holds parcels for; goods names are checked against them. */
export function SensitiveWordPage() {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('sensitiveWord:edit');
  const canDelete = useCan('sensitiveWord:delete');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters = compact({ word: search.word, category: search.category });
  const list = useQuery(sensitiveWordList.query(sensitiveWordList.deps(search)));
  const [editing, setEditing] = useState<{ open: boolean; word: SensitiveWordRecord | null }>({
    open: false,
    word: null,
  });
  const remove = useMutation({
    ...sensitiveWordMutations.remove(),
    onSuccess: async () => {
      message.success(t`Deleted`);
      await queryClient.invalidateQueries({ queryKey: sensitiveWordKeys.all() });
    },
  });

  const columns: KitColumns<SensitiveWordRecord> = [
    { title: t`Sensitive word`, dataIndex: 'word', render: (w: string) => <Tag color="volcano">{w}</Tag> },
    { title: t`Category`, dataIndex: 'category', render: (c: string) => c || '—' },
    { title: t`Remark`, dataIndex: 'remark', render: (r: string) => r || '—' },
    { title: t`Created by`, dataIndex: 'createdBy', render: (u: string | null) => u ?? '—' },
    {
      title: t`Updated at`,
      dataIndex: 'updatedAt',
      render: (iso: string) =>
        i18n.date(iso, {
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hour12: false,
        }),
    },
  ];
  if (canEdit || canDelete)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, w) => {
        const word = w.word;
        return (
          <Space size={0}>
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing({ open: true, word: w })}>
                {t`Edit`}
              </Button>
            )}
            {canDelete && (
              <Popconfirm
                title={t`Delete “${word}”?`}
                okText={t`Yes`}
                cancelText={t`No`}
                onConfirm={() => remove.mutateAsync(w.recId).catch(() => undefined)}
              >
                <Button type="link" size="small" danger>
                  {t`Delete`}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    });

  return (
    <Flex vertical gap={16} data-testid="sensitive-word-page">
      <Card size="small">
        <FilterForm<Filters>
          value={filters}
          onSearch={(values) => navigate({ search: compact(values) })}
          label={t`Filter sensitive words`}
        >
          <TextItem name="word" label={t`Sensitive word`} maxLength={100} />
          <TextItem name="category" label={t`Category`} maxLength={50} width={150} />
        </FilterForm>
      </Card>
      <Card
        title={t`Sensitive words`}
        extra={
          canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true, word: null })}
            >
              {t`Add`}
            </Button>
          )
        }
        styles={{ body: { paddingBlockStart: 0 } }}
      >
        <ListTable<SensitiveWordRecord>
          listKey="sensitive-words"
          testId="sensitive-word-table"
          columns={columns}
          answer={list.data}
          loading={list.isFetching}
          pageNo={pageNo}
          pageSize={pageSize}
          onChange={(next) =>
            navigate({ search: (prev) => ({ ...prev, pageNo: next.pageNo, pageSize: next.pageSize }) })
          }
          empty={t`No sensitive words found`}
        />
      </Card>
      <SensitiveWordFormModal
        open={editing.open}
        word={editing.word}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </Flex>
  );
}
