import {
  ANALYSIS_DEFAULT_DAYS,
  ANALYSIS_GROUPS,
  addDays,
  EXCEPTION_KINDS,
  today,
} from '../../../shared/domain/analysis.ts';
import type { AnalysisFiltersBody } from '../../api/queries/analysis.ts';
import { day, int, matching, oneOf, type SearchOf, searchSchema } from '../../ui/search-params.ts';

const ID_MAX = 2_147_483_647;

export const ANALYSIS_TABS = ['statistics', 'exception', 'breakdown'] as const;
export type AnalysisTab = (typeof ANALYSIS_TABS)[number];

/** What the statistics chart draws: a count, the weight, or an amount in one currency. */
export const METRICS = ['orders', 'weightKg', 'codOrders', 'codAmount', 'freight', 'codFee'] as const;
export type Metric = (typeof METRICS)[number];

/**
 * The analysis screen keeps its tab, filters and choices in the URL (a link or a reload shows the
 * same figures); a value that does not parse is dropped.
 */
export const analysisSearch = searchSchema({
  tab: oneOf(ANALYSIS_TABS),
  startDate: day,
  endDate: day,
  timeBasis: oneOf(['create', 'arrival']),
  customerId: int(1, ID_MAX),
  channelId: int(1, ID_MAX),
  countryId: int(1, ID_MAX),
  groupBy: oneOf(ANALYSIS_GROUPS),
  metric: oneOf(METRICS),
  currency: matching(/^[A-Z]{3}$/),
  /** The exception kind whose orders are listed, and that list's page. */
  kind: oneOf(EXCEPTION_KINDS),
  openOnly: oneOf(['1']),
  pageNo: int(1, 1_000_000),
});
export type AnalysisSearch = SearchOf<typeof analysisSearch>;
export type AnalysisFilterValues = Pick<
  AnalysisSearch,
  'startDate' | 'endDate' | 'timeBasis' | 'customerId' | 'channelId' | 'countryId'
>;

/** The filters every analysis request carries, as the screen holds them. */
export interface AnalysisFilterState extends AnalysisFiltersBody {
  startDate: string;
  endDate: string;
  timeBasis: 'create' | 'arrival';
  customerId?: number | undefined;
  channelId?: number | undefined;
  countryId?: number | undefined;
}

/** The request's filters from the URL: the last 30 days (the browser's today) unless chosen. */
export function analysisFiltersOf(s: AnalysisSearch): AnalysisFilterState {
  const endDate = s.endDate ?? today();
  return {
    startDate: s.startDate ?? addDays(endDate, 1 - ANALYSIS_DEFAULT_DAYS),
    endDate,
    timeBasis: s.timeBasis ?? 'create',
    customerId: s.customerId,
    channelId: s.channelId,
    countryId: s.countryId,
  };
}

export const ANALYSIS_PATH = '/admin/report/analysis';
export const MY_ANALYSIS_PATH = '/admin/user/analysis';
