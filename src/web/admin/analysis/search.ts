import { z } from 'zod';
import {
  ANALYSIS_DEFAULT_DAYS,
  ANALYSIS_GROUPS,
  addDays,
  EXCEPTION_KINDS,
  today,
} from '../../../shared/domain/analysis.ts';
import type { AnalysisFiltersBody } from '../../api/queries/analysis.ts';

const int = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);
const choice = <T extends string>(values: readonly [T, ...T[]]) =>
  z.coerce.string().pipe(z.enum(values)).optional().catch(undefined);
const day = z.iso.date().optional().catch(undefined);
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
export const analysisSearch = z.object({
  tab: choice(ANALYSIS_TABS),
  startDate: day,
  endDate: day,
  timeBasis: choice(['create', 'arrival']),
  customerId: int(1, ID_MAX),
  channelId: int(1, ID_MAX),
  countryId: int(1, ID_MAX),
  groupBy: choice(ANALYSIS_GROUPS),
  metric: choice(METRICS),
  currency: z.coerce
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .catch(undefined),
  /** The exception kind whose orders are listed, and that list's page. */
  kind: choice(EXCEPTION_KINDS),
  openOnly: choice(['1']),
  pageNo: int(1, 1_000_000),
});
export type AnalysisSearch = z.infer<typeof analysisSearch>;
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
