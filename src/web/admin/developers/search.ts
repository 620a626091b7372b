import { WEBHOOK_DELIVERY_STATES, WEBHOOK_TYPES } from '../../../shared/domain/webhooks.ts';
import { int, oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import type { LoadAs } from '../kit/route-data.ts';
import { compact } from '../kit/search.ts';
import { listRequest, type PageRequest } from '../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const apiKeyModule = deskQueries(() => import('../../api/queries/api-key.ts'));
const webhookModule = deskQueries(() => import('../../api/queries/webhook.ts'));
const customerModule = deskQueries(() => import('../../api/queries/customer.ts'));

export const DEVELOPER_TABS = ['keys', 'webhooks', 'deliveries'] as const;
export type DeveloperTab = (typeof DEVELOPER_TABS)[number];

/**
 * The Developers screen keeps its tab and the deliveries' filters and page in the URL (the
 * customer's own screen and the staff view of one customer share it).
 */
export const developersSearch = searchSchema({
  tab: oneOf(DEVELOPER_TABS),
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  endpointId: int(1, 2_147_483_647),
  state: oneOf(WEBHOOK_DELIVERY_STATES),
  type: oneOf(WEBHOOK_TYPES),
  /** The staff view's tab label (the desk names a page with an id by its query `name`). */
  name: text(100),
});
export type DevelopersSearch = SearchOf<typeof developersSearch>;

/** The route a Developers screen sits on (the customer's own, or the staff view of one customer). */
export interface DevelopersRoute {
  useSearch: () => DevelopersSearch;
  useNavigate: () => unknown;
}

/** The first page of the keys and of the endpoints (their pages are the panels' own, not the URL's). */
export const FIRST_PAGE = { pageNo: 1, pageSize: 20 } as const;

interface Page {
  pageNo: number;
  pageSize: number;
}

/** The caller's own (no `customerId`) or, for staff, one customer's. */
const ownerOf = (customerId: number | undefined) => (customerId ? { customerId } : {});

/** A page of API keys, revoked ones too or not. */
export const apiKeyList = (page: Page, includeRevoked: boolean, customerId?: number) =>
  apiKeyModule().apiKeyQueries.list({ ...page, includeRevoked, ...ownerOf(customerId) });

/** A page of webhook endpoints. */
export const webhookList = (page: Page, customerId?: number) =>
  webhookModule().webhookQueries.list({ ...page, ...ownerOf(customerId) });

/** The deliveries' filters among the URL's values. */
export const deliveryFiltersOf = (s: DevelopersSearch) => ({
  endpointId: s.endpointId,
  type: s.type,
  state: s.state,
});

type DeliveryRequest = Pick<DevelopersSearch, 'endpointId' | 'type' | 'state'> & PageRequest;

/** A page of deliveries, by the URL's filters and page. */
export const deliveryList = (
  { endpointId, type, state, pageNo, pageSize }: DeliveryRequest,
  customerId?: number,
) =>
  webhookModule().webhookQueries.deliveries({
    ...compact({ endpointId, type, state }),
    ...ownerOf(customerId),
    pageNo,
    pageSize,
  });

const developersRequest = (s: DevelopersSearch) => ({
  tab: s.tab ?? ('keys' as DeveloperTab),
  deliveries: listRequest({ filtersOf: deliveryFiltersOf }, s),
});

/** The customers staff pick from; the staff view names its customer by it. */
export const customerPicker = () => customerModule().customerQueries.picker();

/**
 * The staff view of one customer's Developers screen: the open tab's first page (its panel reads
 * it by the same options) and the customer's name for the title.
 */
export const customerDevelopers = {
  deps: developersRequest,
  query: ({ tab, deliveries }: ReturnType<typeof developersRequest>, _as: LoadAs, { id }: { id: string }) => {
    const customerId = Number(id);
    if (!Number.isInteger(customerId) || customerId <= 0) return undefined;
    const open =
      tab === 'keys'
        ? apiKeyList(FIRST_PAGE, false, customerId)
        : tab === 'webhooks'
          ? webhookList(FIRST_PAGE, customerId)
          : deliveryList(deliveries, customerId);
    return [open, customerPicker()];
  },
};
