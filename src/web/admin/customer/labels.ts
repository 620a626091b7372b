import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LabelFormat, PropertyKey, SettlementCycle } from '../../../shared/domain/customer.ts';

export const PROPERTY_LABELS: Record<PropertyKey, MessageDescriptor> = {
  settlementCurrency: msg`Settlement currency`,
  codAllowed: msg`COD allowed`,
  creditLimit: msg`Credit limit`,
  settlementCycle: msg`Settlement cycle`,
  labelFormat: msg`Label format`,
  volumeDivisor: msg`Volume divisor`,
};

export const PROPERTY_HELP: Record<PropertyKey, MessageDescriptor> = {
  settlementCurrency: msg`Fees and statements are settled in this currency`,
  codAllowed: msg`Whether the customer may create cash-on-delivery orders`,
  creditLimit: msg`Unsettled fees allowed, in the settlement currency; empty: no limit`,
  settlementCycle: msg`How often the logistics bill is drawn up`,
  labelFormat: msg`The label stock the customer prints on`,
  volumeDivisor: msg`Replaces the channel's divisor (L×W×H cm ÷ divisor); empty: the channel's`,
};

export const CYCLE_LABELS: Record<SettlementCycle, MessageDescriptor> = {
  perOrder: msg`Per order`,
  weekly: msg`Weekly`,
  semiMonthly: msg`Twice a month`,
  monthly: msg`Monthly`,
};

export const LABEL_FORMAT_LABELS: Record<LabelFormat, MessageDescriptor> = {
  '100x100': msg`100 × 100 mm`,
  '100x150': msg`100 × 150 mm`,
  A4: msg`A4 sheet`,
};
