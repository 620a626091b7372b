import { z } from 'zod';
import type { SubRight } from '../domain/sub-rights.ts';
import {
  API_SCOPES,
  type ApiScope,
  endpoint,
  id,
  idParams,
  isoTime,
  listRequest,
  requiredText,
} from './core.ts';

/** The prefix of every API key's secret, so a leaked key is recognised (secret scanners). */
export const API_KEY_PREFIX = 'pbo_';

export const apiScope = z.enum(API_SCOPES);

/**
 * The sub-account rights the calls of each scope need (their `access.right`): an account may give a
 * key a scope only when it holds them all. The server checks the calls themselves
 * (server/http/delegation.ts); tests/api/contract.test.ts checks this map against them.
 */
export const SCOPE_RIGHTS: Readonly<Record<ApiScope, readonly SubRight[]>> = {
  'orders:read': [],
  'orders:write': ['orders:create', 'orders:cancel'],
  labels: ['labels:print'],
  tracking: [],
  statements: ['statements:read'],
};

/** The scopes an account holding `rights` (domain/sub-rights.ts `rightsOf`) may give a key. */
export const scopesWithin = (rights: ReadonlySet<string>): ApiScope[] =>
  API_SCOPES.filter((s) => SCOPE_RIGHTS[s].every((r) => rights.has(r)));

export const apiKeyRecord = z.object({
  recId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  name: z.string(),
  /** The first characters of the secret (`pbo_` and 8 more), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiScope),
  /** The account whose rights the key carries. */
  actingUsername: z.string(),
  createdBy: z.string(),
  createdAt: isoTime,
  expiresAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable(),
  lastUsedIp: z.string().nullable(),
  /** active, expired or revoked, as of the answer. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecord>;

const keyAccess = { staff: 'apiKey:edit', customer: true, right: 'apiKeys:manage' } as const;

/**
 * API keys of customer accounts (a customer's own systems calling the API). A main account manages
 * every key of its customer, a sub-account the keys it made; staff holding `apiKey:edit` manage any
 * customer's. A key acts as its customer with the rights of the account that made it (the main
 * account when staff made it), never as staff, and never makes or lists keys itself.
 */
export const apiKey = {
  list: endpoint({
    method: 'POST',
    path: '/apiKey/list',
    kind: 'json',
    summary:
      'API keys, newest first: a main account sees its customer’s, a sub-account its own, staff those of the customer named (or all). Never the secret.',
    body: listRequest({ customerId: id.optional(), includeRevoked: z.boolean().default(false) }),
    data: z.object({
      records: z.array(apiKeyRecord),
      total: z.number().int(),
      pageNo: z.number().int(),
      pageSize: z.number().int(),
    }),
    access: keyAccess,
    beyondSpec: true,
  }),
  create: endpoint({
    method: 'POST',
    path: '/apiKey/create',
    kind: 'json',
    summary:
      'Make an API key; the answer holds its secret (`pbo_…`), shown this once and stored only as a hash. Staff name the customer (the key then acts as its main account); a customer account’s key acts as that account. `scopes` (default all) may hold only what that account may do.',
    body: z
      .object({
        name: requiredText(100),
        expiresAt: isoTime.optional(),
        customerId: id.optional(),
        scopes: z.array(apiScope).min(1).max(API_SCOPES.length).optional(),
      })
      .strict(),
    data: z.object({ key: apiKeyRecord, secret: z.string().startsWith('pbo_') }),
    access: { ...keyAccess, grants: 'apiKey' },
    beyondSpec: true,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/apiKey/revoke/{id}',
    kind: 'json',
    summary:
      'Revoke an API key: its next call, in every process, answers code 6. Revoking a revoked key answers it unchanged.',
    params: idParams,
    data: apiKeyRecord,
    access: keyAccess,
    beyondSpec: true,
  }),
};
