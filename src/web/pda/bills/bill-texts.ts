import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PdaBillType } from '../../api/queries/pda.ts';

/** The words of each bill type on the PDA's screens. */
export interface BillTexts {
  /** The scan screen's title. */
  scanTitle: MessageDescriptor;
  /** What the scan field asks for. */
  scanLabel: MessageDescriptor;
  /** "Choose a …" */
  choose: MessageDescriptor;
  /** The chooser's title and empty state. */
  chooserTitle: MessageDescriptor;
  none: MessageDescriptor;
  /** How many parcels the bill holds. */
  count: MessageDescriptor;
}

export const BILL_TEXTS: Record<PdaBillType, BillTexts> = {
  lading: {
    scanTitle: msg`Scan into lading bill`,
    scanLabel: msg`Scan or type a tracking no`,
    choose: msg`Choose a lading bill`,
    chooserTitle: msg`Open lading bills`,
    none: msg`No lading bill is open. Open one on the desk first.`,
    count: msg`{count, plural, one {# parcel} other {# parcels}}`,
  },
  batch: {
    scanTitle: msg`Scan into batch`,
    scanLabel: msg`Scan or type a lading bill no`,
    choose: msg`Choose a batch`,
    chooserTitle: msg`Batches not picked up`,
    none: msg`No batch is waiting for pickup.`,
    count: msg`{count, plural, one {# lading bill} other {# lading bills}}`,
  },
  overseas: {
    scanTitle: msg`Scan into overseas lading`,
    scanLabel: msg`Scan or type a tracking no`,
    choose: msg`Choose an overseas lading bill`,
    chooserTitle: msg`Open overseas lading bills`,
    none: msg`No overseas lading bill is open. Open one on the desk first.`,
    count: msg`{count, plural, one {# parcel} other {# parcels}}`,
  },
  package: {
    scanTitle: msg`Scan into package`,
    scanLabel: msg`Scan or type a tracking no`,
    choose: msg`Choose a package`,
    chooserTitle: msg`Open packages`,
    none: msg`No package is open. Make a new one.`,
    count: msg`{count, plural, one {# order} other {# orders}}`,
  },
};
