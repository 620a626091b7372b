import { z } from 'zod';
import {
  CURRENCIES,
  CUSTOMER_CODE_PATTERN,
  LABEL_FORMATS,
  SETTLEMENT_CYCLES,
  VOLUME_DIVISOR_MAX,
  VOLUME_DIVISOR_MIN,
} from '../domain/customer.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/password.ts';
import { SUB_RIGHTS } from '../domain/sub-rights.ts';
import { decimal, endpoint, id, listRequest, optionalText, pageOf, requiredText, text } from './core.ts';
import {
  customerOption,
  customerOptions,
  customerProperties,
  customerRecord,
  customerShipping,
  signingCompany,
  subAccountRecord,
  subRight,
} from './customer-records.ts';

export * from './customer-records.ts';

/** The customer calls and what they take; what they answer is customer-records.ts. */

// ---- sub-accounts and their rights ----

export const subRightsInput = z
  .object({
    /** The sub-account. */
    recId: id,
    /** Every right it is to hold (the others are taken away); names outside SUB_RIGHTS are refused. */
    rights: z.array(subRight).max(SUB_RIGHTS.length),
  })
  .strict();

/** 1 enabled, 2 disabled; a disabled customer's accounts cannot log in. */
const status = z.coerce.number().int().min(1).max(2);

/** Usernames and passwords follow the rules of the staff account screen. */
const username = requiredText(64).regex(/^[A-Za-z0-9_.@-]+$/);

const password = z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);

/** A sub-account its main account makes: it holds the rights named here and no others. */
export const subAccountInput = z
  .object({
    username,
    nickname: text(64).default(''),
    password,
    rights: z.array(subRight).max(SUB_RIGHTS.length).default([]),
  })
  .strict();

export const subAccountStatusInput = z.object({ recId: id, status }).strict();

export const subAccountPasswordInput = z.object({ recId: id, password }).strict();

/** A customer code as typed: trimmed and upper-cased, then 2 to 20 letters and digits. */
export const customerCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(CUSTOMER_CODE_PATTERN));

const phone = z
  .string()
  .trim()
  .max(40)
  .regex(/^[0-9+\-() ]*$/);

const email = z.union([z.literal(''), z.email().max(200)]);

/** One address or several separated by commas or semicolons (notifications go to each). */
const emails = z
  .string()
  .trim()
  .max(500)
  .transform((v) =>
    v
      .split(/[,;，；\s]+/)
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()).max(5))
  .transform((list) => list.join(', '));

const currency = z.enum(CURRENCIES);

const customerFields = {
  code: customerCode,
  name: requiredText(100),
  shortName: text(40).default(''),
  contact: text(64).default(''),
  phone: phone.default(''),
  email: email.default(''),
  address: text(300).default(''),
  signingCompanyId: id.nullable().default(null),
  settlementCurrency: currency.default('CNY'),
  codAllowed: z.boolean().default(true),
  status: status.default(1),
  remark: text(500).default(''),
  /** The channels the customer may use; left out, the assignment stays as it is. */
  channelIds: z.array(id).max(500).optional(),
};
export type CustomerInput = z.input<z.ZodObject<typeof customerFields>>;

/** The customer's main account, created with it (account type 2, no roles). */
const mainAccountInput = z
  .object({
    username,
    password,
    nickname: text(64).default(''),
  })
  .strict();

// ---- properties ----

/** Properties to set; a property given as null goes back to its default. */
const propertyInput = z
  .object({
    settlementCurrency: currency.nullable(),
    codAllowed: z.boolean().nullable(),
    creditLimit: decimal(2)
      .refine((v) => !v.startsWith('-'))
      .nullable(),
    settlementCycle: z.enum(SETTLEMENT_CYCLES).nullable(),
    labelFormat: z.enum(LABEL_FORMATS).nullable(),
    volumeDivisor: z.coerce.number().int().min(VOLUME_DIVISOR_MIN).max(VOLUME_DIVISOR_MAX).nullable(),
  })
  .partial()
  .strict();
export type CustomerPropertyInput = z.output<typeof propertyInput>;

// ---- the customer's own options (user/options) ----

const senderInput = z
  .object({
    regionId: id,
    contact: requiredText(64),
    phone: requiredText(40).regex(/^[+\d][\d\s()-]{3,39}$/),
    address: requiredText(300),
    postCode: text(20).default(''),
  })
  .strict();

const optionsInput = z
  .object({
    contact: text(64).default(''),
    phone: phone.default(''),
    notifyEmail: emails.default(''),
    defaultChannelId: id.nullable().default(null),
    /** Left out, the addresses stay as they are. */
    sender: senderInput.optional(),
  })
  .strict();
export type CustomerOptionsInput = z.input<typeof optionsInput>;

export const customer = {
  list: endpoint({
    method: 'POST',
    path: '/customer/list',
    kind: 'json',
    summary:
      'Customers, paged, by code; `code` matches a code prefix, `name` the name or short name, with status and signing company.',
    body: listRequest({
      code: optionalText(20),
      name: optionalText(100),
      status: status.optional(),
      signingCompanyId: id.optional(),
    }).prefault({}),
    data: pageOf(customerRecord),
    access: { staff: 'customer:view' },
  }),
  add: endpoint({
    method: 'POST',
    path: '/customer/add',
    kind: 'json',
    summary:
      'Create a customer (code unique) with its profile, settlement properties and channels; with `mainAccount` also its main account, in the same transaction.',
    body: z.object({ ...customerFields, mainAccount: mainAccountInput.optional() }).strict(),
    data: customerRecord,
    access: { staff: 'customer:edit' },
  }),
  update: endpoint({
    method: 'POST',
    path: '/customer/update',
    kind: 'json',
    summary:
      'Update a customer (every field; the code stays unique); disabling it ends the sessions of its accounts.',
    body: z.object({ recId: id, ...customerFields }).strict(),
    data: customerRecord,
    access: { staff: 'customer:edit' },
  }),
  editCustomerProperties: endpoint({
    method: 'POST',
    path: '/customer/editCustomerProperties',
    kind: 'json',
    summary:
      'Set properties of a customer (settlement currency and cycle, COD allowed, credit limit, label format, volume divisor); null resets one to its default.',
    body: z.object({ customerId: id, properties: propertyInput }).strict(),
    data: customerProperties,
    access: { staff: 'customer:edit' },
  }),
  listCustomerProperties: endpoint({
    method: 'POST',
    path: '/customer/listCustomerProperties',
    kind: 'json',
    summary: 'The properties of a customer: the effective values and each one as stored.',
    body: z.object({ customerId: id }).strict(),
    data: customerProperties,
    access: { staff: 'customer:view' },
  }),
  getAllShippings: endpoint({
    method: 'GET',
    path: '/customer/getAllShippings',
    kind: 'json',
    summary:
      'Every shipping channel by code, each flagged whether the customer `customerId` may use it (no customer: none flagged).',
    query: z.object({ customerId: id.optional() }).strict(),
    data: z.array(customerShipping),
    access: { staff: 'customer:view' },
  }),
  getCustomers: endpoint({
    method: 'POST',
    path: '/customer/getCustomers',
    kind: 'json',
    summary:
      'Customers for pickers (code and name, by code), optionally by keyword and status; at most 1000.',
    body: z
      .object({ keyword: optionalText(100), status: status.optional() })
      .strict()
      .prefault({}),
    data: z.array(customerOption),
    access: { staff: true },
  }),
  signingCompanyLists: endpoint({
    method: 'GET',
    path: '/customer/signingCompanyLists',
    kind: 'json',
    summary: 'Enabled signing companies for pickers, by name.',
    data: z.array(signingCompany),
    access: { staff: true },
  }),
  options: endpoint({
    method: 'GET',
    path: '/customer/options',
    kind: 'json',
    summary:
      "Not in the spec: the caller's own customer options (user/options: default sender address, default channel, contact, notification e-mail). The spec has the screens but names no call for them.",
    data: customerOptions,
    access: { customer: true },
    beyondSpec: true,
  }),
  updateOptions: endpoint({
    method: 'POST',
    path: '/customer/options/update',
    kind: 'json',
    summary:
      "Not in the spec: the main account changes its customer's options (user/options/edit); the sender becomes the customer's default address setting.",
    body: optionsInput,
    data: customerOptions,
    access: { customer: 'main' },
    beyondSpec: true,
  }),
  subAccounts: endpoint({
    method: 'POST',
    path: '/customer/subAccount/list',
    kind: 'json',
    summary:
      "Not in the spec: the sub-accounts of a customer with their rights: a main account's own, for staff those of `customerId`.",
    body: z.object({ customerId: id.optional() }).strict().prefault({}),
    data: z.array(subAccountRecord),
    access: { staff: 'customer:view', customer: 'main' },
    beyondSpec: true,
  }),
  saveSubRights: endpoint({
    method: 'POST',
    path: '/customer/subAccount/saveRights',
    kind: 'json',
    summary:
      "Not in the spec: set what a sub-account may do (its main account, or staff holding customer:edit); the change is in the audit log and counts from the sub-account's next call.",
    body: subRightsInput,
    data: subAccountRecord,
    access: { staff: 'customer:edit', customer: 'main', grants: 'subRights' },
    beyondSpec: true,
  }),
  createSubAccount: endpoint({
    method: 'POST',
    path: '/customer/subAccount/create',
    kind: 'json',
    summary:
      'Not in the spec: a main account makes a sub-account of its customer, holding the rights named (only rights the caller holds); usernames and passwords follow the account rules.',
    body: subAccountInput,
    data: subAccountRecord,
    access: { customer: 'main', grants: 'subRights' },
    beyondSpec: true,
  }),
  setSubAccountStatus: endpoint({
    method: 'POST',
    path: '/customer/subAccount/setStatus',
    kind: 'json',
    summary:
      "Not in the spec: a main account disables (2) or enables (1) one of its sub-accounts; disabling ends the sub-account's sessions at once.",
    body: subAccountStatusInput,
    data: subAccountRecord,
    access: { customer: 'main', grants: 'subRights' },
    beyondSpec: true,
  }),
  resetSubAccountPassword: endpoint({
    method: 'POST',
    path: '/customer/subAccount/resetPassword',
    kind: 'json',
    summary:
      "Not in the spec: a main account sets the password of one of its sub-accounts; the sub-account's sessions end.",
    body: subAccountPasswordInput,
    data: z.null(),
    access: { customer: 'main', grants: 'subRights' },
    beyondSpec: true,
  }),
};
