import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { CustomerRecord } from '../../../shared/contract/customer.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { customerKeys, customerMutations, customerQueries } from '../../api/queries/customer.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { named } from '../kit/text.ts';
import { CustomerFilters, type CustomerFilterValues } from './customer-filters.tsx';
import { CustomerFormModal } from './customer-form-modal.tsx';
import { CustomerPropertiesDrawer } from './customer-properties-drawer.tsx';
import { CustomerSubAccountsDrawer } from './customer-sub-accounts-drawer.tsx';
import { customerList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/info/customer');

/** Saves a customer back with another status (update takes every field). */
const withStatus = (c: CustomerRecord, status: number) => ({
  recId: c.recId,
  code: c.code,
  name: c.name,
  shortName: c.shortName,
  contact: c.contact,
  phone: c.phone,
  email: c.email,
  address: c.address,
  signingCompanyId: c.signingCompanyId,
  settlementCurrency: c.settlementCurrency,
  codAllowed: c.codAllowed,
  remark: c.remark,
  status,
});

/**
 * /admin/info/customer: customers with their filters and page in the URL, properties and channels,
 * and (customer:edit) their sub-accounts' rights.
 */
export function CustomerPage() {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canEdit = useCan('customer:edit');
  const canKeys = useCan('apiKey:edit');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters: CustomerFilterValues = {
    code: search.code,
    name: search.name,
    status: search.status,
    signingCompanyId: search.signingCompanyId,
  };
  const list = useQuery(customerList.query(customerList.deps(search)));
  const companies = useQuery(customerQueries.signingCompanies()).data ?? [];
  // The dialog keeps its customer while it animates closed.
  const [editing, setEditing] = useState<{ open: boolean; customer: CustomerRecord | null }>({
    open: false,
    customer: null,
  });
  const toggle = useMutation({
    ...customerMutations.save(),
    onSuccess: async (c) => {
      message.success(c.status === Enabled.enabled ? t`Enabled` : t`Disabled`);
      await queryClient.invalidateQueries({ queryKey: customerKeys.all() });
    },
  });
  const propertiesOf = list.data?.records.find((c) => c.recId === search.properties);
  const subAccountsOf = list.data?.records.find((c) => c.recId === search.subAccounts);

  const columns: KitColumns<CustomerRecord> = [
    {
      title: t`Customer code`,
      dataIndex: 'code',
      fixed: 'start',
      render: (code: string, c) => {
        const label = STATUS_LABELS[c.status];
        return (
          <Space orientation="vertical" size={2}>
            <Typography.Text strong>{code}</Typography.Text>
            <Tag color={c.status === Enabled.enabled ? 'success' : 'default'}>
              {label ? i18n._(label) : c.status}
            </Tag>
          </Space>
        );
      },
    },
    {
      title: t`Name`,
      dataIndex: 'name',
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.name}</span>
          {c.shortName && <Typography.Text type="secondary">{c.shortName}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t`Contact`,
      key: 'contact',
      render: (_, c) =>
        c.contact || c.phone || c.email ? (
          <Space orientation="vertical" size={0}>
            <span>{c.contact}</span>
            {c.phone && (
              <Typography.Text type="secondary" dir="ltr">
                {c.phone}
              </Typography.Text>
            )}
            {c.email && (
              <Typography.Text type="secondary" dir="ltr">
                {c.email}
              </Typography.Text>
            )}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t`Signing company`,
      dataIndex: 'signingCompanyName',
      render: (name: string | null) => <div style={{ maxInlineSize: 150 }}>{name ?? '—'}</div>,
    },
    {
      title: t`Settlement`,
      key: 'settlement',
      render: (_, c) => (
        <Space orientation="vertical" size={2}>
          <Tag>{c.settlementCurrency}</Tag>
          {c.codAllowed ? <Tag color="gold">{t`COD`}</Tag> : <Tag>{t`Prepaid only`}</Tag>}
        </Space>
      ),
    },
    {
      title: t`Channels`,
      dataIndex: 'channelIds',
      render: (ids: number[]) => ids.length,
    },
    {
      title: t`Main account`,
      dataIndex: 'mainAccount',
      render: (a: CustomerRecord['mainAccount'], c) =>
        a ? (
          <Space orientation="vertical" size={0}>
            <span dir="ltr">{a.username}</span>
            {c.accountCount > 1 && (
              <Typography.Text type="secondary">{t`+${c.accountCount - 1} sub`}</Typography.Text>
            )}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      // Five links run to 380 px in Arabic: they wrap rather than push the table into scrolling.
      render: (_, c) => (
        <Space size={0} wrap style={{ maxInlineSize: 190 }}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing({ open: true, customer: c })}>
              {t`Edit`}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            onClick={() => navigate({ search: (prev) => ({ ...prev, properties: c.recId }) })}
          >
            {t`Properties`}
          </Button>
          {canKeys && (
            <Link
              to="/admin/info/developers/$id"
              params={{ id: String(c.recId) }}
              search={{ name: `${c.code} · API` }}
            >
              <Button type="link" size="small" data-testid={`developers-${c.code}`}>
                {t`Developers`}
              </Button>
            </Link>
          )}
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() => navigate({ search: (prev) => ({ ...prev, subAccounts: c.recId }) })}
              data-testid={`customer-sub-accounts-${c.code}`}
            >
              {t`Sub-accounts`}
            </Button>
          )}
          {canEdit && (
            <Popconfirm
              title={
                c.status === Enabled.enabled
                  ? t`Disable this customer? Its accounts are logged out and cannot log in.`
                  : t`Enable this customer?`
              }
              okText={t`Yes`}
              cancelText={t`No`}
              onConfirm={() =>
                toggle
                  .mutateAsync(
                    withStatus(c, c.status === Enabled.enabled ? Enabled.disabled : Enabled.enabled),
                  )
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small" danger={c.status === Enabled.enabled}>
                {c.status === Enabled.enabled ? t`Disable` : t`Enable`}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListFrame
      testId="customer-page"
      title={t`Customers`}
      filters={
        <CustomerFilters
          value={filters}
          companies={companies}
          onSearch={(values) => navigate({ search: compact(values) })}
        />
      }
      actions={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true, customer: null })}
          >
            {t`Add customer`}
          </Button>
        )
      }
    >
      <ListTable<CustomerRecord>
        listKey="customer"
        testId="customer-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onChange={({ pageNo: next, pageSize: size }) =>
          navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) })
        }
        pageSizes={[10, 20, 50, 100]}
        empty={t`No customers found`}
      />
      <CustomerFormModal
        open={editing.open}
        customer={editing.customer}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <CustomerPropertiesDrawer
        customerId={search.properties}
        title={propertiesOf ? named(propertiesOf.name, propertiesOf.code) : ''}
        onClose={() => navigate({ search: (prev) => ({ ...prev, properties: undefined }) })}
      />
      <CustomerSubAccountsDrawer
        customerId={canEdit ? search.subAccounts : undefined}
        title={subAccountsOf ? named(subAccountsOf.name, subAccountsOf.code) : ''}
        onClose={() => navigate({ search: (prev) => ({ ...prev, subAccounts: undefined }) })}
      />
    </ListFrame>
  );
}
