import { z } from 'zod';
import { CURRENCIES, LABEL_FORMATS, PROPERTY_KEYS, SETTLEMENT_CYCLES } from '../domain/customer.ts';
import { SUB_RIGHTS } from '../domain/sub-rights.ts';
import { isoTime } from './core.ts';
import { customerRegionRecord } from './region.ts';

/** What the customer calls answer: customers, their accounts, properties, channels and options. */

const currency = z.enum(CURRENCIES);

// ---- sub-accounts and their rights ----

export const subRight = z.enum(SUB_RIGHTS);

export const subAccountRecord = z.object({
  recId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  /** 1 enabled, 2 disabled. */
  status: z.number().int(),
  customerId: z.number().int(),
  /** What the main account lets it do, in the order of SUB_RIGHTS. */
  rights: z.array(subRight),
  createdAt: isoTime,
});
export type SubAccountRecord = z.infer<typeof subAccountRecord>;

export const mainAccountRecord = z.object({
  recId: z.number().int(),
  username: z.string(),
  status: z.number().int(),
});

export const customerRecord = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  signingCompanyId: z.number().int().nullable(),
  signingCompanyName: z.string().nullable(),
  settlementCurrency: currency,
  codAllowed: z.boolean(),
  status: z.number().int(),
  remark: z.string(),
  /** The shipping channels the customer may order with. */
  channelIds: z.array(z.number().int()),
  /** The first enabled-or-not main account (type 2) of the customer, if any. */
  mainAccount: mainAccountRecord.nullable(),
  /** Main and sub-accounts. */
  accountCount: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type CustomerRecord = z.infer<typeof customerRecord>;

// ---- properties ----

const propertyKey = z.enum(PROPERTY_KEYS as [string, ...string[]]);

/** The effective properties of a customer: what is set, else the defaults. */
export const customerPropertyValues = z.object({
  settlementCurrency: currency,
  codAllowed: z.boolean(),
  creditLimit: z.string().nullable(),
  settlementCycle: z.enum(SETTLEMENT_CYCLES),
  labelFormat: z.enum(LABEL_FORMATS),
  volumeDivisor: z.number().int().nullable(),
});

export const customerProperties = z.object({
  customerId: z.number().int(),
  values: customerPropertyValues,
  /** Every property in the editor's order, as stored (null when it was never set: the default applies). */
  items: z.array(
    z.object({
      key: propertyKey,
      value: z.string().nullable(),
      defaultValue: z.string().nullable(),
      updatedAt: isoTime.nullable(),
    }),
  ),
});
export type CustomerProperties = z.infer<typeof customerProperties>;

// ---- channels and pickers ----

export const customerShipping = z.object({
  recId: z.number().int(),
  code: z.string(),
  /** In the language of the request. */
  name: z.string(),
  status: z.number().int(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  /** Whether the customer may order with this channel. */
  allowed: z.boolean(),
});
export type CustomerShipping = z.infer<typeof customerShipping>;

export const customerOption = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.number().int(),
});
export type CustomerOption = z.infer<typeof customerOption>;

export const signingCompany = z.object({ recId: z.number().int(), name: z.string() });
export type SigningCompany = z.infer<typeof signingCompany>;

// ---- the customer's own options (user/options) ----

const channelOption = z.object({ recId: z.number().int(), code: z.string(), name: z.string() });

export const customerOptions = z.object({
  customerId: z.number().int(),
  customerCode: z.string(),
  customerName: z.string(),
  contact: z.string(),
  phone: z.string(),
  /** Addresses that receive the customer's notifications, comma separated. */
  notifyEmail: z.string(),
  defaultChannelId: z.number().int().nullable(),
  /** The default sender address: the customer's default address setting (customer/region). */
  sender: customerRegionRecord.nullable(),
  /** The enabled channels the customer may use (what the default channel is chosen from). */
  channels: z.array(channelOption),
  /** Whether the caller may change them (the main account; a sub-account reads). */
  editable: z.boolean(),
  updatedAt: isoTime.nullable(),
});
export type CustomerOptions = z.infer<typeof customerOptions>;
