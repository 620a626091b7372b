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
  /** The screen (a path of the PDA's routes). */
  to: '/pda/scan/$type' | '/pda/action/$verb' | '/pda/exchange';
  params?: { type: string } | { verb: string };
}

/** The PDA's work, in the order an operator meets it during a shift. */
export const SCAN_TASKS: readonly ScanTask[] = [
  {
    key: 'lading',
    title: msg`Lading scan`,
    description: msg`Scan parcels into a lading bill`,
    Icon: BarcodeIcon,
    to: '/pda/scan/$type',
    params: { type: 'lading' },
  },
  {
    key: 'batch',
    title: msg`Batch scan`,
    description: msg`Scan lading bills into a batch`,
    Icon: LayersIcon,
    to: '/pda/scan/$type',
    params: { type: 'batch' },
  },
  {
    key: 'overseas',
    title: msg`Overseas lading`,
    description: msg`Scan parcels into an overseas lading bill`,
    Icon: PlaneIcon,
    to: '/pda/scan/$type',
    params: { type: 'overseas' },
  },
  {
    key: 'package',
    title: msg`Package scan`,
    description: msg`Scan orders into a package`,
    Icon: BoxIcon,
    to: '/pda/scan/$type',
    params: { type: 'package' },
  },
  {
    key: 'confirm',
    title: msg`Confirm`,
    description: msg`Seal a bill: it takes no more scans`,
    Icon: SealIcon,
    to: '/pda/action/$verb',
    params: { verb: 'confirm' },
  },
  {
    key: 'pickup',
    title: msg`Confirm pickup`,
    description: msg`The carrier took the bill`,
    Icon: TruckIcon,
    to: '/pda/action/$verb',
    params: { verb: 'pickup' },
  },
  {
    key: 'cancel',
    title: msg`Cancel pickup`,
    description: msg`Cancel a bill's pickup and free its parcels`,
    Icon: CancelIcon,
    to: '/pda/action/$verb',
    params: { verb: 'cancel' },
  },
  {
    key: 'exchange',
    title: msg`Exchange scan`,
    description: msg`Relabel a parcel for its last-mile carrier`,
    Icon: SwapIcon,
    to: '/pda/exchange',
  },
];
