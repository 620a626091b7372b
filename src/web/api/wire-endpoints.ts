import type { auth } from '../../shared/contract/auth.ts';
import type { batch } from '../../shared/contract/batch.ts';
import type { common } from '../../shared/contract/common.ts';
import type { EndpointDef } from '../../shared/contract/core.ts';
import type { exchange } from '../../shared/contract/exchange.ts';
import type { lading } from '../../shared/contract/lading.ts';
import type { overseasLading } from '../../shared/contract/overseas-lading.ts';
import type { pkg } from '../../shared/contract/package.ts';
import type { printer } from '../../shared/contract/printer.ts';
import { wired } from '../../shared/contract/wired.ts';

const replayable = { replayable: true } as const;

/**
 * The calls every desk of bills (lading, batch, overseas lading, package) has under its `base`
 * path: the list, a bill, and confirming or cancelling its pickup (these two replayable).
 */
function deskCalls<D extends Record<'list' | 'detail' | 'confirmPickup' | 'cancel', EndpointDef>>(
  base: string,
) {
  return {
    list: wired<D['list']>('POST', `/${base}/list`),
    detail: wired<D['detail']>('GET', `/${base}/detail/{id}`),
    confirmPickup: wired<D['confirmPickup']>('POST', `/${base}/confirm/pickup/{id}`, replayable),
    cancel: wired<D['cancel']>('POST', `/${base}/cancel/{id}`, replayable),
  };
}

/**
 * The calls of a desk of bills parcels are scanned into (lading, overseas lading, package): those
 * above, and scanning a tracking no into a bill and confirming bills (both replayable).
 */
function scanDeskCalls<
  D extends Record<
    'list' | 'detail' | 'confirmPickup' | 'cancel' | 'scanTrackingNo' | 'confirm',
    EndpointDef
  >,
>(base: string) {
  return {
    ...deskCalls<D>(base),
    scanTrackingNo: wired<D['scanTrackingNo']>('POST', `/${base}/scanTrackingNo/{id}`, replayable),
    confirm: wired<D['confirm']>('POST', `/${base}/confirm`, replayable),
  };
}

/**
 * The calls of the session and of the PDA surface by their wire fields, typed by their contract
 * entries: the client needs no schema to make a call, and the schemas (with their validation
 * library) would be most of the PDA's first load. tests/unit/web/wire-endpoints.test.ts checks
 * every entry here against the contract. The desk calls the contract entries themselves.
 */
export const wire = {
  auth: {
    login: wired<typeof auth.login>('POST', '/login'),
    loginOut: wired<typeof auth.loginOut>('GET', '/loginOut'),
    refresh: wired<typeof auth.refresh>('POST', '/refreshToken'),
    me: wired<typeof auth.me>('GET', '/user/current'),
  },
  /** The public tracking query of /search (a light page, without the contract's schemas). */
  common: {
    trackingQuery: wired<typeof common.trackingQuery>('GET', '/tracking/query/{no}'),
  },
  lading: {
    ...scanDeskCalls<typeof lading>('lading'),
    /** What the device judges scans by (issue 40): read in the background, never queued. */
    scanSnapshot: wired<typeof lading.scanSnapshot>('POST', '/lading/scanSnapshot'),
  },
  batch: {
    ...deskCalls<typeof batch>('batch'),
    scanLading: wired<typeof batch.scanLading>('POST', '/batch/scanLading/{id}', replayable),
  },
  overseasLading: scanDeskCalls<typeof overseasLading>('overseasLading'),
  pkg: {
    ...scanDeskCalls<typeof pkg>('package'),
    create: wired<typeof pkg.create>('POST', '/package/create', replayable),
    /** A package's label on a network printer, right after a merge (online only: never queued). */
    printToPrinter: wired<typeof pkg.printToPrinter>('POST', '/package/printToPrinter'),
  },
  /** A bill's or package's label printed on a network printer from the PDA (online only: never queued). */
  printer: {
    options: wired<typeof printer.options>('POST', '/printer/options'),
    printLadingLabels: wired<typeof printer.printLadingLabels>('POST', '/printer/printLadingLabels'),
    myPrints: wired<typeof printer.myPrints>('POST', '/printer/myPrints'),
  },
  exchange: {
    scan: wired<typeof exchange.scan>('GET', '/exchange/scan/{trackingNo}', replayable),
    scanCombined: wired<typeof exchange.scanCombined>(
      'GET',
      '/exchange/scanCombined/{trackingNo}',
      replayable,
    ),
  },
};
