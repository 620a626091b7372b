import { API_KEY_PREFIX } from '../../shared/contract/api-key.ts';
import {
  CODE_FAIL,
  CODE_OK,
  CODE_SESSION_INVALID,
  type EndpointDef,
  MEDIA,
} from '../../shared/contract/core.ts';
import { LOCALES } from '../../shared/domain/enums.ts';

/**
 * What every call answers besides its data, for the OpenAPI document: the envelope of each error
 * shape as one component schema, one component response per status, the shared headers and the
 * two credentials. Which statuses a call lists follows the binder (bind.ts) and the error handler
 * (envelope.ts): tests/api/openapi.test.ts sends each call bad input and checks the answer is one
 * the document gives, in its shape.
 */

type Json = Record<string, unknown>;

const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

const msg = { type: 'string', description: 'The message, in the language of `local-lang`.' };

/** An envelope with `code`, the translated `msg` and `data`. */
const envelope = (code: number, data: Json, description: string): Json => ({
  type: 'object',
  description,
  properties: { code: { type: 'integer', const: code }, msg, data },
  required: ['code', 'msg', 'data'],
});

const schemas: Record<string, Json> = {
  Issue: {
    type: 'object',
    description: 'One field in error.',
    properties: {
      path: {
        type: 'string',
        description:
          'The field, dotted from the body (`consignee.regionIds`); `params.` or `query.` first for those.',
      },
      message: msg,
    },
    required: ['path', 'message'],
  },
  RowError: {
    type: 'object',
    description: 'One row of an imported file in error.',
    properties: {
      row: { type: 'integer', description: '1-based row number in the file.' },
      column: {
        type: 'string',
        description: 'The column header in the caller’s language (empty for the whole row).',
      },
      message: msg,
    },
    required: ['row', 'column', 'message'],
  },
  ValidationFailure: envelope(
    CODE_FAIL,
    {
      description:
        'Every field in error at once (`issues`), or an import’s rows in error; null when nothing more is said (a body that is not JSON, a rule of the call on one field).',
      anyOf: [
        {
          type: 'object',
          properties: { issues: { type: 'array', items: ref('schemas', 'Issue') } },
          required: ['issues'],
        },
        {
          type: 'object',
          properties: {
            rowCount: { type: 'integer' },
            errorCount: { type: 'integer' },
            errors: { type: 'array', items: ref('schemas', 'RowError') },
          },
          required: ['rowCount', 'errorCount', 'errors'],
        },
        { type: 'null' },
      ],
    },
    'The request was refused before anything was done.',
  ),
  SessionInvalid: envelope(
    CODE_SESSION_INVALID,
    { type: 'null' },
    'No token, or one that expired or was revoked (a session logged out, an API key revoked or past its expiry): log in again or use another key.',
  ),
  Failure: envelope(CODE_FAIL, { type: 'null' }, 'Refused; `msg` says why.'),
  Refusal: envelope(
    CODE_FAIL,
    {
      description:
        'null, or what the call says of the refusal: `{ reason: "idempotencyInFlight" }` while a request with the same Idempotency-Key runs, order/createBatch’s result of each order, order/batchPrintLabel’s `notFound` numbers, a scan’s `{ reason, trackingNo, billNo }`.',
    },
    'Refused by a rule of the call, or a record the caller cannot see.',
  ),
  TooManyRequests: envelope(
    CODE_FAIL,
    {
      oneOf: [
        {
          type: 'object',
          properties: { retryAfter: { type: 'integer', minimum: 1, description: 'Seconds to wait.' } },
          required: ['retryAfter'],
        },
        { type: 'null' },
      ],
    },
    'Too many calls; wait as long as `Retry-After` says.',
  ),
};

const json = (schema: string) => ({ 'application/json': { schema: ref('schemas', schema) } });

const responses: Record<string, Json> = {
  BadRequest: {
    description:
      'Bad input: a field in error (`data.issues`), a body that is not JSON, a bad Idempotency-Key.',
    content: json('ValidationFailure'),
  },
  Unauthorized: {
    description: 'code 6: missing, expired or revoked token or API key.',
    content: json('SessionInvalid'),
  },
  Forbidden: {
    description:
      'The caller may not make this call (its permission, its account type, an API key without the scope, rights it cannot give).',
    content: json('Failure'),
  },
  NotFound: {
    description:
      'The record does not exist, or is not the caller’s (another customer’s records answer 404 too).',
    content: json('Refusal'),
  },
  Conflict: {
    description:
      'A business rule refused it (a state that does not allow it, a number already taken), or a request with the same Idempotency-Key is still running.',
    content: json('Refusal'),
  },
  Gone: { description: 'The file was kept for its time and is gone.', content: json('Failure') },
  PayloadTooLarge: {
    description: 'The body, the file or its rows exceed the limit.',
    content: json('Failure'),
  },
  UnsupportedMediaType: {
    description: 'A body that is not `application/json` (or `multipart/form-data` for an upload).',
    content: json('Failure'),
  },
  Unprocessable: {
    description: 'The Idempotency-Key was used with another body (or an import took too long).',
    content: json('Failure'),
  },
  TooManyRequests: {
    description:
      'Too many calls (an API key’s rate on a call it may make, an address’s rate on a public call, failed logins).',
    headers: { 'Retry-After': ref('headers', 'RetryAfter') },
    content: json('TooManyRequests'),
  },
  ServerError: {
    description: 'An unexpected failure (logged; nothing of it is sent).',
    content: json('Failure'),
  },
};

const BY_STATUS: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '410': 'Gone',
  '413': 'PayloadTooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'Unprocessable',
  '429': 'TooManyRequests',
  '500': 'ServerError',
};

/** The call takes an Idempotency-Key (bind.ts `takesKey`). */
export const takesIdempotencyKey = (def: EndpointDef) => def.replayable === true || def.idempotent === true;

/**
 * The error statuses a call may answer, as the binder and the error handler give them: every call
 * may refuse its input (400) and fail (500); a call that needs a caller answers 401 and 403 (the
 * access layer) and 404 (a record outside the caller's scope) and 409 (a rule); a body may be too
 * large (413) or not JSON (415); an Idempotency-Key reused with another body answers 422, an
 * import that runs too long too; an API key's rate and a call's own rate answer 429.
 */
export function errorStatuses(def: EndpointDef): string[] {
  const s = new Set<number>([400, 500]);
  if (!def.access.public) for (const n of [401, 403, 404, 409]) s.add(n);
  if (def.method !== 'GET') for (const n of [413, 415]) s.add(n);
  if (takesIdempotencyKey(def)) for (const n of [409, 422]) s.add(n);
  if (def.kind === 'multipart') s.add(422);
  if (def.access.key || def.rateLimit) s.add(429);
  for (const n of def.answers ?? []) s.add(n);
  return [...s].sort().map(String);
}

export function errorResponses(def: EndpointDef): Record<string, Json> {
  return Object.fromEntries(errorStatuses(def).map((s) => [s, ref('responses', BY_STATUS[s]!)]));
}

const FILE_KINDS: Record<string, string> = {
  [MEDIA.pdf]: 'PDF',
  [MEDIA.xlsx]: 'xlsx spreadsheet',
  [MEDIA.zpl]: 'ZPL II for a thermal printer, UTF-8',
};

/**
 * A download's success: the file, under each media type its contract names (`produces`; what the
 * request asks chooses among them, such as `format`), and its name in Content-Disposition.
 */
export function fileAnswer(def: EndpointDef): Json {
  const types = def.produces?.length ? def.produces : ['application/octet-stream'];
  return {
    description: `The file: ${types.map((m) => FILE_KINDS[m] ?? m).join(' or ')}.`,
    headers: { 'Content-Disposition': ref('headers', 'ContentDisposition') },
    content: Object.fromEntries(types.map((m) => [m, { schema: { type: 'string', format: 'binary' } }])),
  };
}

/** The success envelope around a call's data. */
export const success = (data: Json): Json =>
  envelope(CODE_OK, data, 'Success: `code` 1 and the call’s `data`.');

/** The headers every call, or some calls, read. */
export function headerParameters(def: EndpointDef): Json[] {
  return [
    ref('parameters', 'LocalLang'),
    ...(takesIdempotencyKey(def) ? [ref('parameters', 'IdempotencyKey')] : []),
  ];
}

/**
 * Who may call: `security: []` for a public call (a key it accepts too is optional), an API key
 * with its scope (OpenAPI 3.1 lets any scheme name roles) or a session for a call that accepts a
 * key, a session for any other.
 */
export function security(def: EndpointDef): Json[] {
  const key = def.access.key ? [{ apiKey: [def.access.key] }] : [];
  if (def.access.public) return key.length ? [{}, ...key] : [];
  return [{ session: [] }, ...key];
}

export function components(): Json & { schemas: Record<string, Json> } {
  return {
    securitySchemes: {
      session: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'A person’s session: the `token` of `POST /login` (1 hour; `POST /refreshToken` renews it), sent as `Authorization: Bearer <token>`.',
      },
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: `${API_KEY_PREFIX}…`,
        description: `A customer's API key (\`POST /apiKey/create\` answers its \`${API_KEY_PREFIX}…\` secret once), sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. It acts as the account that made it, within its scopes (listed per call), never as staff; a revoked or expired key answers 401 code 6.`,
      },
    },
    parameters: {
      LocalLang: {
        name: 'local-lang',
        in: 'header',
        required: false,
        description:
          'The language of `msg` and of translated fields (`cn` when absent; `Accept-Language` is read when this header is not sent).',
        schema: { type: 'string', enum: [...LOCALES], default: 'cn' },
      },
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'A UUID, new for each request and the same when it is retried: the retry answers the first answer and does nothing twice. The same key with another body answers 422, while the first still runs 409. Kept 30 days.',
        schema: { type: 'string', format: 'uuid' },
      },
    },
    headers: {
      ContentDisposition: {
        description:
          'The file’s name, in the caller’s language (RFC 6266): `attachment; filename="<ASCII>"; filename*=UTF-8\'\'<name>`.',
        required: true,
        schema: { type: 'string' },
      },
      RetryAfter: {
        description: 'Seconds to wait before calling again (RFC 9110).',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      },
    },
    responses,
    schemas,
  };
}
