/**
 * Server-side sorting of the desk's lists. Each list names the columns it may be sorted by (times,
 * weights, amounts, counts): the contract accepts only those (anything else answers 400), the
 * server maps each to its own SQL, never to text from the request, and the desk keeps the choice
 * in the URL. No validation library here: the desk's entry script reads these.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A list request's sort: one of the list's keys and a direction (descending unless said). */
export interface ListSort<K extends string = string> {
  sortBy?: K | undefined;
  sortOrder?: SortOrder | undefined;
}

/** Bills of one order an item (overseas ladings, packages). */
const HELD_BILL_SORTS = [
  'createdAt',
  'pickedUpAt',
  'orderCount',
  'pieceCount',
  'weight',
  'volumeWeight',
] as const;

/** The sortable columns of each list, by the contract's field names. */
export const LIST_SORTS = {
  lading: [
    'createdAt',
    'pickedUpAt',
    'mailPushedAt',
    'itemCount',
    'orderCount',
    'pieceCount',
    'weight',
    'volumeWeight',
  ],
  batch: [
    'createdAt',
    'departureTime',
    'arrivalTime',
    'pickedUpAt',
    'ladingCount',
    'orderCount',
    'pieceCount',
    'weight',
  ],
  /** Abnormal marks: when marked, when handled. */
  abnormal: ['createdAt', 'handledAt'],
  closedLoop: ['createdAt', 'signedAt', 'codAmount', 'remittedAmount'],
  exchange: ['createdAt', 'exchangedAt', 'scanCount'],
  feeDetail: ['computedAt', 'amount', 'chargeableWeight'],
  feeException: ['createdAt', 'retriedAt', 'resolvedAt', 'chargeableWeight'],
  overseas: HELD_BILL_SORTS,
  package: HELD_BILL_SORTS,
  origin: ['createdAt', 'weight', 'codAmount', 'goodsCount'],
  prompt: ['occurredAt', 'importedAt', 'codAmount'],
  promptLog: ['importedAt', 'rowCount'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type SortKeyOf<L extends keyof typeof LIST_SORTS> = (typeof LIST_SORTS)[L][number];
