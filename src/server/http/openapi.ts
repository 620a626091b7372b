import { z } from 'zod';
import { API_BASE, type EndpointDef } from '../../shared/contract/core.ts';
import { WEBHOOK_DATA, webhookPayload } from '../../shared/contract/webhook.ts';
import {
  components,
  errorResponses,
  fileAnswer,
  headerParameters,
  security,
  success,
} from './openapi-answers.ts';

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12, which OpenAPI 3.1 takes as it is (its `$schema` left out). */
const schema = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _, ...js } = z.toJSONSchema(s, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Json;
  return js;
};

function parameters(s: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!s) return [];
  const js = schema(s, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: p,
  }));
}

function who(def: EndpointDef): string {
  const a = def.access;
  const parts = [
    a.public && 'public',
    a.anyUser && 'any logged-in account',
    a.staff && `staff with \`${a.staff === true ? 'any' : a.staff}\``,
    a.customer && (a.customer === 'main' ? 'customer main account' : 'customer accounts (own data)'),
    a.pda && 'PDA accounts',
    a.key && `API keys with the scope \`${a.key}\``,
  ].filter(Boolean);
  const retry = def.replayable
    ? ' Replayable offline with an Idempotency-Key header.'
    : def.idempotent
      ? ' Takes an Idempotency-Key header (UUID): a retry with the same key and body answers the first answer.'
      : '';
  const limit = def.rateLimit
    ? ` At most ${def.rateLimit.max} calls in ${def.rateLimit.windowMs / 1000} s per address.`
    : '';
  return `Access: ${parts.join('; ')}.${retry}${limit}`;
}

/** The OpenAPI 3.1 document of the whole contract, generated from the same zod schemas. */
export function openApiDocument(
  endpoints: readonly { domain: string; name: string; def: EndpointDef }[],
): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const { domain, name, def } of endpoints) {
    const op: Json = {
      operationId: `${domain}.${name}`,
      tags: [domain],
      summary: def.summary,
      description: who(def),
      parameters: [
        ...parameters(def.params, 'path'),
        ...parameters(def.query, 'query'),
        ...headerParameters(def),
      ],
      security: security(def),
      responses: {
        '200':
          def.kind === 'blob'
            ? fileAnswer(def)
            : {
                description: 'Envelope; code 1 is success',
                content: { 'application/json': { schema: success(schema(def.data, 'output')) } },
              },
        ...errorResponses(def),
      },
    };
    // Which calls a customer's API key may make, and with which scope (access.ts `mayCall`).
    if (def.access.key) op['x-api-key-scope'] = def.access.key;
    if (def.body)
      op.requestBody = {
        // The binder reads a missing body as `{}`: a call whose fields are all optional needs none.
        required: !def.body.safeParse({}).success,
        content: { 'application/json': { schema: schema(def.body, 'input') } },
      };
    if (def.kind === 'multipart') {
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [def.file?.field ?? 'file'],
              properties: {
                [def.file?.field ?? 'file']: {
                  type: 'string',
                  format: 'binary',
                  description: `${(def.file?.types ?? []).join(', ')}; at most ${Math.round((def.file?.maxBytes ?? 0) / 1048576)} MB`,
                },
              },
            },
          },
        },
      };
    }
    paths[def.path] = { ...paths[def.path], [def.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parcel back office API',
      version: '1',
      description: [
        'One API for the screens (a session from `POST /login`) and for customers’ systems (an API key, `Bearer pbo_…`, on the calls whose security names `apiKey`).',
        'Every JSON answer is an envelope `{ code, msg, data }`: `code` 1 is success, 6 (HTTP 401) a token to renew, 0 any other refusal with its HTTP status and `data` as the response says (400: `data.issues`). `msg` is in the language of the `local-lang` header (`cn`, `en`, `ar`).',
        'Creates that take an `Idempotency-Key` may be retried safely; a 429 says in `Retry-After` when to come back. Webhooks (below) are signed per Standard Webhooks.',
      ].join('\n\n'),
    },
    servers: [{ url: API_BASE }],
    paths,
    webhooks: webhooksSection(),
    components: (({ schemas, ...rest }) => ({ ...rest, schemas: { ...schemas, ...webhookSchemas() } }))(
      components(),
    ),
  };
}

/** What is posted to a customer's webhook endpoint, per event (docs/api.md "Webhooks"). */
function webhooksSection(): Record<string, Json> {
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  const parameters = [
    header('webhook-id', 'The event’s id (`evt_…`), the same on every retry: deduplicate on it.'),
    header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed.'),
    header(
      'webhook-signature',
      'Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the base64 after `whsec_`.',
    ),
  ];
  return Object.fromEntries(
    WEBHOOK_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook.${type}`,
          summary: type,
          // Posted by us, not called with a credential: its signature headers prove where it comes from.
          security: [],
          parameters,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` } },
            },
          },
          responses: { '200': { description: 'Any 2xx within 10 s accepts it; anything else is retried.' } },
        },
      },
    ]),
  );
}

const WEBHOOK_TYPES = Object.keys(WEBHOOK_DATA) as (keyof typeof WEBHOOK_DATA)[];

/** `order.status_changed` → `OrderStatusChangedEvent`: a name a generated client can use. */
export const eventSchemaName = (type: string) =>
  `${type.replace(/(^|[._])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase())}Event`;

function webhookSchemas(): Record<string, Json> {
  return Object.fromEntries(
    WEBHOOK_TYPES.map((type) => [eventSchemaName(type), schema(webhookPayload(type), 'output')]),
  );
}
