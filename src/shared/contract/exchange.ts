import { get, post, staff, staffOrPda } from './core.ts';

/** Exchange (relabel) scans at the destination. */
export const exchange = {
  scan: get(
    '/exchange/scan/{trackingNo}',
    'Exchange scan of one tracking number.',
    staffOrPda('exchange:scan'),
    { replayable: true },
  ),
  scanCombined: get(
    '/exchange/scanCombined/{trackingNo}',
    'Exchange scan of a combined parcel.',
    staffOrPda('exchange:scan'),
    {
      replayable: true,
    },
  ),
  scanList: post('/exchange/scan/list', 'Exchange scans, paged.', staff('exchange:view')),
  scanExport: post('/exchange/scan/export', 'Export exchange scans.', staff('exchange:export')),
};
