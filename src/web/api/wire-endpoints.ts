import type { auth } from '../../shared/contract/auth.ts';
import type { batch } from '../../shared/contract/batch.ts';
import type { exchange } from '../../shared/contract/exchange.ts';
import type { lading } from '../../shared/contract/lading.ts';
import type { overseasLading } from '../../shared/contract/overseas-lading.ts';
import type { pkg } from '../../shared/contract/package.ts';
import { wired } from '../../shared/contract/wire.ts';

const replayable = { replayable: true } as const;

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
  lading: {
    list: wired<typeof lading.list>('POST', '/lading/list'),
    detail: wired<typeof lading.detail>('GET', '/lading/detail/{id}'),
    scanTrackingNo: wired<typeof lading.scanTrackingNo>('POST', '/lading/scanTrackingNo/{id}', replayable),
    confirm: wired<typeof lading.confirm>('POST', '/lading/confirm', replayable),
    confirmPickup: wired<typeof lading.confirmPickup>('POST', '/lading/confirm/pickup/{id}', replayable),
    cancel: wired<typeof lading.cancel>('POST', '/lading/cancel/{id}', replayable),
  },
  batch: {
    list: wired<typeof batch.list>('POST', '/batch/list'),
    detail: wired<typeof batch.detail>('GET', '/batch/detail/{id}'),
    scanLading: wired<typeof batch.scanLading>('POST', '/batch/scanLading/{id}', replayable),
    confirmPickup: wired<typeof batch.confirmPickup>('POST', '/batch/confirm/pickup/{id}', replayable),
    cancel: wired<typeof batch.cancel>('POST', '/batch/cancel/{id}', replayable),
  },
  overseasLading: {
    list: wired<typeof overseasLading.list>('POST', '/overseasLading/list'),
    detail: wired<typeof overseasLading.detail>('GET', '/overseasLading/detail/{id}'),
    scanTrackingNo: wired<typeof overseasLading.scanTrackingNo>(
      'POST',
      '/overseasLading/scanTrackingNo/{id}',
      replayable,
    ),
    confirm: wired<typeof overseasLading.confirm>('POST', '/overseasLading/confirm', replayable),
    confirmPickup: wired<typeof overseasLading.confirmPickup>(
      'POST',
      '/overseasLading/confirm/pickup/{id}',
      replayable,
    ),
    cancel: wired<typeof overseasLading.cancel>('POST', '/overseasLading/cancel/{id}', replayable),
  },
  pkg: {
    list: wired<typeof pkg.list>('POST', '/package/list'),
    detail: wired<typeof pkg.detail>('GET', '/package/detail/{id}'),
    create: wired<typeof pkg.create>('POST', '/package/create', replayable),
    scanTrackingNo: wired<typeof pkg.scanTrackingNo>('POST', '/package/scanTrackingNo/{id}', replayable),
    confirm: wired<typeof pkg.confirm>('POST', '/package/confirm', replayable),
    confirmPickup: wired<typeof pkg.confirmPickup>('POST', '/package/confirm/pickup/{id}', replayable),
    cancel: wired<typeof pkg.cancel>('POST', '/package/cancel/{id}', replayable),
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
