import { WEBHOOK_DELIVERY_STATES, WEBHOOK_TYPES } from '../../../shared/domain/webhooks.ts';
import { int, oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';

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
