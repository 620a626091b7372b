import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LadingType } from '../../../shared/domain/enums.ts';
import { Segment, type ServiceType } from '../../../shared/domain/segments.ts';

/** The service types 0 to 6: the route a channel sells (the first list of spec 3, in its order). */
export const SERVICE_TYPE_LABELS: Record<ServiceType, MessageDescriptor> = {
  0: msg`First leg`,
  1: msg`Clearance`,
  2: msg`Delivery`,
  3: msg`Full route`,
  4: msg`First leg plus clearance`,
  5: msg`Clearance plus delivery`,
  6: msg`Transit port`,
};

/** The segments a channel is made of (the second list of spec 3). */
export const SEGMENT_LABELS: Record<number, MessageDescriptor> = {
  [Segment.delivery]: msg`Delivery`,
  [Segment.full]: msg`Full (door to door)`,
  [Segment.firstLeg]: msg`First leg`,
  [Segment.clearance]: msg`Clearance`,
};

export const LADING_TYPE_LABELS: Record<number, MessageDescriptor> = {
  [Number(LadingType.clearance)]: msg`Clearance lading`,
  [Number(LadingType.local)]: msg`Local lading`,
};

export const SEGMENT_COLORS: Record<number, string> = {
  [Segment.delivery]: 'green',
  [Segment.full]: 'purple',
  [Segment.firstLeg]: 'blue',
  [Segment.clearance]: 'orange',
};

/** Common currencies of the business (the server accepts any ISO 4217 code). */
export const CURRENCIES = ['CNY', 'USD', 'SAR', 'AED', 'KWD', 'QAR', 'BHD', 'OMR', 'EGP'] as const;
