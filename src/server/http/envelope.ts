import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { CODE_FAIL, CODE_OK, CODE_SESSION_INVALID, type Envelope } from '../../shared/contract/core.ts';
import { isolate } from '../../shared/i18n/bidi.ts';
import { messageById } from '../../shared/i18n/message-registry.ts';
import { type MessageDescriptor, messages } from '../../shared/i18n/messages.ts';
import type { Translate } from '../i18n.ts';
import { AppError } from './errors.ts';

export interface HttpAnswer {
  status: number;
  body: Envelope<unknown>;
}

export const ok = (t: Translate, data: unknown): HttpAnswer => ({
  status: 200,
  body: { code: CODE_OK, msg: t(messages.ok), data: data ?? null },
});

/**
 * The translator of an answer's messages: in Arabic each text value (a tracking or bill no, a
 * name) is isolated (bidi.ts), so a refusal that starts with a bill no still reads right to left
 * where it is shown with `dir="auto"` (the PDA's rows). Numbers stay as they are (plural forms).
 */
export function messageTranslator(t: Translate): Translate {
  if (t.locale !== 'ar') return t;
  const isolated = (descriptor: MessageDescriptor, values?: Record<string, unknown>) =>
    t(
      descriptor,
      values &&
        Object.fromEntries(
          Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? isolate(v) : v]),
        ),
    );
  return Object.assign(isolated, { locale: t.locale });
}

export const fail = (
  t: Translate,
  status: number,
  descriptor: MessageDescriptor,
  opts: { code?: number; values?: Record<string, unknown>; data?: unknown } = {},
): HttpAnswer => ({
  status,
  body: {
    code: opts.code ?? CODE_FAIL,
    msg: messageTranslator(t)(descriptor, opts.values),
    data: opts.data ?? null,
  },
});

export const sessionInvalid = (t: Translate) =>
  fail(t, 401, messages.sessionInvalid, { code: CODE_SESSION_INVALID });

/** Fastify's own errors (body parsing, limits) mapped to our envelope. */
const FASTIFY_ERRORS: Record<string, [number, MessageDescriptor]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, messages.unsupportedMedia],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, messages.tooLarge],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, messages.badJson],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, messages.badJson],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, messages.badJson],
  FST_REQ_FILE_TOO_LARGE: [413, messages.tooLarge],
  FST_PARTS_LIMIT: [413, messages.tooLarge],
  FST_FILES_LIMIT: [413, messages.tooLarge],
  FST_FIELDS_LIMIT: [413, messages.tooLarge],
  // @fastify/compress reading a request body: a Content-Encoding the body does not have, or one it cannot read.
  FST_CP_ERR_INVALID_CONTENT: [400, messages.badEncoding],
  FST_CP_ERR_INVALID_CONTENT_ENCODING: [415, messages.unsupportedEncoding],
};

/**
 * Every failure becomes an envelope: our AppErrors with their status and message, validation
 * failures as 400 with `data.issues`, anything unexpected as a generic 500 (logged, never sent).
 */
export function errorAnswer(err: unknown, t: Translate, log: FastifyBaseLogger): HttpAnswer {
  if (err instanceof AppError) {
    const tm = messageTranslator(t);
    const data = err.issues
      ? { issues: err.issues.map((i) => ({ path: i.path, message: tm(i.descriptor, i.values) })) }
      : err.data;
    return fail(t, err.status, err.descriptor, { code: err.code, values: err.values, data });
  }
  if (err instanceof z.ZodError) return validationAnswer(err, t);
  const e = err as { code?: string; statusCode?: number };
  if (e.statusCode === 429) return fail(t, 429, messages.tooManyRequests);
  const known = e.code ? FASTIFY_ERRORS[e.code] : undefined;
  if (known) return fail(t, known[0], known[1]);
  if (e instanceof SyntaxError && e.statusCode === 400) return fail(t, 400, messages.badJson);
  log.error({ err }, 'unhandled error');
  return fail(t, 500, messages.unknownError);
}

/** Zod's own messages come in the caller's language; a schema's custom message is one of ours, by id. */
export const zodErrorMaps = {
  cn: z.locales.zhCN().localeError,
  en: z.locales.en().localeError,
  ar: z.locales.ar().localeError,
} as const;

/**
 * The figures of a failed bound, for a custom message that names them ("Enter at most {max}
 * numbers" on `.max(1000, m.tooManyNumbers.id)`).
 */
function boundValues(issue: z.core.$ZodIssue): Record<string, unknown> | undefined {
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  return undefined;
}

export function validationAnswer(err: z.ZodError, t: Translate, prefix?: string): HttpAnswer {
  const own: string[] = [];
  const issues = err.issues.map((i) => {
    const descriptor = messageById(i.message);
    const text = descriptor ? t(descriptor, boundValues(i)) : i.message;
    if (descriptor) own.push(text);
    return { path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'), message: text };
  });
  // A rule with its own message (e.g. the spec's password messages) is what the user reads.
  if (own.length)
    return { status: 400, body: { code: CODE_FAIL, msg: [...new Set(own)].join('; '), data: { issues } } };
  return fail(t, 400, messages.validation, {
    values: { fields: [...new Set(issues.map((i) => i.path || '(body)'))].join(', ') },
    data: { issues },
  });
}
