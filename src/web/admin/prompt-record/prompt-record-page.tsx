import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Card, Flex, Tabs } from 'antd';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { compact } from '../kit/search.ts';
import { ConfirmationList } from './confirmation-list.tsx';
import { PromptLogList } from './prompt-log-list.tsx';

const routeApi = getRouteApi('/_desk/admin/report/promptRecord');

/**
 * report/promptRecord: the carriers' delivery confirmations, their return confirmations and the
 * import log, one tab each, with the tab, filters and page in the URL. Importing a delivery file
 * signs its orders, a return file returns them; a log row opens the records its file wrote.
 */
export function PromptRecordPage() {
  const { t } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const tab = search.tab ?? 'delivery';
  const kind = tab === 'return' ? PromptKind.return : PromptKind.delivery;

  return (
    <Flex vertical gap={16} data-testid="prompt-record-page">
      <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
        <Tabs
          activeKey={tab}
          onChange={(next) =>
            void navigate({ search: next === 'delivery' ? {} : { tab: next as 'return' | 'log' } })
          }
          items={[
            { key: 'delivery', label: t`Delivery records` },
            { key: 'return', label: t`Return records` },
            { key: 'log', label: t`Import log` },
          ]}
        />
      </Card>
      {tab === 'log' ? (
        <PromptLogList
          onOpen={(log) =>
            void navigate({
              search: compact({
                tab: log.kind === PromptKind.return ? ('return' as const) : undefined,
                importId: log.recId,
              }),
            })
          }
        />
      ) : (
        <ConfirmationList
          key={kind}
          kind={kind}
          title={kind === PromptKind.delivery ? t`Delivery records` : t`Return records`}
          testId={kind === PromptKind.delivery ? 'delivery-records' : 'return-records'}
          route={routeApi}
          keep={['tab']}
        />
      )}
    </Flex>
  );
}
