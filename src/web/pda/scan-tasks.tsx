import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import {
  BarcodeIcon,
  BoxIcon,
  CancelIcon,
  LayersIcon,
  PlaneIcon,
  SealIcon,
  SwapIcon,
  TruckIcon,
} from './pda-icons.tsx';

export interface ScanTask {
  key: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  Icon: ComponentType;
  /** The screen: a path of the PDA's routes (`routes/pda/…`). */
  href: `/pda/${string}`;
}

/** The PDA's work, in the order an operator meets it during a shift. */
export const SCAN_TASKS: readonly ScanTask[] = [
  {
    key: 'lading',
    title: msg`Lading scan`,
    description: msg`Scan parcels into a lading bill`,
    Icon: BarcodeIcon,
    href: '/pda/scan/lading',
  },
  {
    key: 'batch',
    title: msg`Batch scan`,
    description: msg`Scan lading bills into a batch`,
    Icon: LayersIcon,
    href: '/pda/scan/batch',
  },
  {
    key: 'overseas',
    title: msg`Overseas lading`,
    description: msg`Scan parcels into an overseas lading bill`,
    Icon: PlaneIcon,
    href: '/pda/scan/overseas',
  },
  {
    key: 'package',
    title: msg`Package scan`,
    description: msg`Scan orders into a package`,
    Icon: BoxIcon,
    href: '/pda/scan/package',
  },
  {
    key: 'confirm',
    title: msg`Confirm`,
    description: msg`Seal a bill: it takes no more scans`,
    Icon: SealIcon,
    href: '/pda/action/confirm',
  },
  {
    key: 'pickup',
    title: msg`Confirm pickup`,
    description: msg`The carrier took the bill`,
    Icon: TruckIcon,
    href: '/pda/action/pickup',
  },
  {
    key: 'cancel',
    title: msg`Cancel pickup`,
    description: msg`Cancel a bill's pickup and free its parcels`,
    Icon: CancelIcon,
    href: '/pda/action/cancel',
  },
  {
    key: 'exchange',
    title: msg`Exchange scan`,
    description: msg`Relabel a parcel for its last-mile carrier`,
    Icon: SwapIcon,
    href: '/pda/exchange',
  },
];
