import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { PrinterRecord } from '../../../shared/contract/printer.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { depotQueries } from '../../api/queries/depot.ts';
import { printerKeys, printerMutations, printerQueries } from '../../api/queries/printer.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { PrinterFilters } from './printer-filters.tsx';
import { PrinterFormModal } from './printer-form-modal.tsx';
import { printerList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/options/printer');

/**
 * /admin/options/printer: the warehouses' label printers (raw ZPL on a TCP port), each warehouse's
 * default one, and the signed-in user's own default.
 */
export function PrinterPage() {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan('printer:edit');
  const canDelete = useCan('printer:delete');
  const screen = useListScreen({
    route: routeApi,
    ...printerList,
    selectable: false,
  });
  const depots = useQuery(depotQueries.list(i18n.locale)).data ?? [];
  const options = useQuery(printerQueries.options()).data;
  const [editing, setEditing] = useState<{ open: boolean; printer: PrinterRecord | null }>({
    open: false,
    printer: null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: printerKeys.all() });
  const remove = useMutation({
    ...printerMutations.remove(),
    onSuccess: async () => {
      message.success(t`Deleted`);
      await refresh();
    },
  });
  const setMine = useMutation({
    ...printerMutations.setMyDefault(),
    onSuccess: async () => {
      message.success(t`Saved`);
      await refresh();
    },
  });

  const columns: KitColumns<PrinterRecord> = [
    {
      title: t`Name`,
      dataIndex: 'name',
      fixed: 'start',
      render: (name: string, p) => (
        <Space size={4} wrap>
          <Typography.Text strong>{name}</Typography.Text>
          {p.isDefault && <Tag color="blue">{t`Warehouse default`}</Tag>}
          {options?.myDefaultId === p.recId && <Tag color="green">{t`My default`}</Tag>}
        </Space>
      ),
    },
    {
      title: t`Address`,
      key: 'address',
      render: (_, p) => (
        <Typography.Text code dir="ltr">
          {p.host}:{p.port}
        </Typography.Text>
      ),
    },
    {
      title: t`Resolution`,
      dataIndex: 'dpi',
      render: (dpi: number) => <span dir="ltr">{`${dpi} dpi`}</span>,
    },
    {
      title: t`Label size (mm)`,
      key: 'size',
      render: (_, p) => <span dir="ltr">{`${p.labelWidthMm} × ${p.labelHeightMm}`}</span>,
    },
    { title: t`Warehouse`, dataIndex: 'depotName', render: (n: string | null) => n ?? '—' },
    {
      title: t`Status`,
      dataIndex: 'status',
      render: (s: number) => {
        const label = STATUS_LABELS[s];
        return <Tag color={s === Enabled.enabled ? 'success' : 'default'}>{label ? i18n._(label) : s}</Tag>;
      },
    },
    { title: t`Remark`, dataIndex: 'remark', render: (r: string) => r || '—' },
    {
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, p) => {
        const name = p.name;
        const mine = options?.myDefaultId === p.recId;
        return (
          <Space size={0}>
            {p.status === Enabled.enabled && (
              <Button type="link" size="small" onClick={() => setMine.mutate(mine ? null : p.recId)}>
                {mine ? t`Not my default` : t`Make my default`}
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing({ open: true, printer: p })}>
                {t`Edit`}
              </Button>
            )}
            {canDelete && (
              <Popconfirm
                title={t`Delete “${name}”?`}
                okText={t`Yes`}
                cancelText={t`No`}
                onConfirm={() => remove.mutateAsync(p.recId).catch(() => undefined)}
              >
                <Button type="link" size="small" danger>
                  {t`Delete`}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <ListFrame
      testId="printer-page"
      title={t`Label printers`}
      filters={<PrinterFilters value={screen.filters} depots={depots} onSearch={screen.onSearch} />}
      actions={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true, printer: null })}
          >
            {t`Add printer`}
          </Button>
        )
      }
    >
      <ListTable<PrinterRecord>
        listKey="printer"
        testId="printer-table"
        columns={columns}
        {...screen.table}
        pageSizes={[10, 20, 50, 100]}
        empty={t`No printers yet`}
      />
      <PrinterFormModal
        open={editing.open}
        printer={editing.printer}
        depots={depots}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </ListFrame>
  );
}
