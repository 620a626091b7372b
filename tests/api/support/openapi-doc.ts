import { z } from 'zod';

/** The parts of the served OpenAPI document the tests read. */
export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, Response>;
    parameters: Record<string, { name: string; in: string }>;
    securitySchemes: Record<string, Json>;
  };
}

export interface Operation {
  operationId: string;
  parameters: ({ $ref: string } | { name: string; in: string })[];
  security: Record<string, string[]>[];
  responses: Record<string, Response | { $ref: string }>;
  requestBody?: { content: Record<string, { schema: Json }> };
  'x-api-key-scope'?: string;
}

export interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Json }>;
}

type Json = Record<string, unknown>;

/** Follows a `#/components/...` reference, or answers the object as it is. */
export function resolve<T>(doc: OpenApiDoc, node: T | { $ref: string }): T {
  const ref = (node as { $ref?: string }).$ref;
  if (!ref) return node as T;
  let at: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) at = (at as Record<string, unknown>)[part];
  if (at === undefined) throw new Error(`unresolved ${ref}`);
  return resolve(doc, at as T);
}

/** A schema with its component references replaced by what they name (the error shapes are small). */
function inline(doc: OpenApiDoc, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(doc, n));
  if (node === null || typeof node !== 'object') return node;
  if ('$ref' in node) return inline(doc, resolve(doc, node as { $ref: string }));
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(doc, v)]));
}

/** The JSON answer `body` for `status` of an operation, checked against the document's schema. */
export function conforms(
  doc: OpenApiDoc,
  op: Operation,
  status: number,
  body: unknown,
): { ok: true } | { ok: false; why: string } {
  const declared = op.responses[String(status)];
  if (!declared) return { ok: false, why: `status ${status} is not documented` };
  const schema = resolve(doc, declared).content?.['application/json']?.schema;
  if (!schema) return { ok: false, why: `status ${status} has no JSON schema` };
  const r = z.fromJSONSchema(inline(doc, schema) as Parameters<typeof z.fromJSONSchema>[0]).safeParse(body);
  return r.success ? { ok: true } : { ok: false, why: r.error.message };
}
