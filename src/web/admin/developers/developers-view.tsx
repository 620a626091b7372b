import { ApiOutlined, ReadOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Card, Result, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import type { DevelopersRoute, DeveloperTab } from './search.ts';
import { WebhooksPanel } from './webhooks-panel.tsx';

/** Where the server serves its OpenAPI document, read through Swagger UI. */
const API_DOCS = '/api/docs';

type Navigate = (opts: {
  search: (prev: ReturnType<DevelopersRoute['useSearch']>) => ReturnType<DevelopersRoute['useSearch']>;
}) => unknown;

/**
 * A customer's integrations, as Stripe's dashboard shows them: API keys, webhook endpoints and
 * their deliveries, with the API documentation a click away. The customer's own screen
 * (`customerId` absent) manages them; staff (`customerId`) see a customer's, make and revoke its
 * keys, and read its endpoints and deliveries. `mayManageKeys` false: a sub-account its main
 * account did not give the right to.
 */
export function DevelopersView({
  route,
  title,
  customerId,
  mayManageKeys,
}: {
  route: DevelopersRoute;
  title: ReactNode;
  customerId?: number | undefined;
  mayManageKeys: boolean;
}) {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate() as Navigate;
  const staff = customerId !== undefined;
  const tab: DeveloperTab = search.tab ?? 'keys';
  const go = (next: DeveloperTab, endpointId?: number) =>
    navigate({
      search: (prev) => ({ tab: next, name: prev.name, ...(endpointId ? { endpointId } : {}) }),
    });

  return (
    <Card
      data-testid="developers-page"
      title={
        <>
          <ApiOutlined style={{ marginInlineEnd: 8 }} />
          {title}
        </>
      }
      extra={
        <Button icon={<ReadOutlined />} href={API_DOCS} target="_blank" rel="noopener" data-testid="api-docs">
          {t`API documentation`}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => go(k as DeveloperTab)}
        destroyOnHidden
        items={[
          {
            key: 'keys',
            label: t`API keys`,
            children: mayManageKeys ? (
              <ApiKeysPanel customerId={customerId} />
            ) : (
              <Result
                status="info"
                title={t`Your main account has not given you the right to manage API keys`}
              />
            ),
          },
          {
            key: 'webhooks',
            label: t`Webhooks`,
            children: (
              <WebhooksPanel
                customerId={customerId}
                readOnly={staff}
                onDeliveries={(endpointId) => go('deliveries', endpointId)}
              />
            ),
          },
          {
            key: 'deliveries',
            label: t`Deliveries`,
            children: <DeliveriesPanel route={route} customerId={customerId} mayRedeliver={!staff} />,
          },
        ]}
      />
    </Card>
  );
}
