import { API_BASE, type EndpointDef, fillPath } from '../../../../src/shared/contract/core.ts';
import { multipartBody } from '../../../support/files.ts';
import type { TestApp } from '../app.ts';

/** One call's input, as a fixture or a generator makes it. */
export interface Req {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** Multipart calls: the file part and the text fields sent before it. */
  file?: { name: string; content: Buffer; type?: string };
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Sent {
  status: number;
  /** The envelope's code, or null for a file (blob) answer. */
  code: number | null;
  msg: string;
  data: unknown;
  /** The answer as text (files: their bytes as latin1, still searchable for leaked text). */
  raw: string;
  contentType: string;
}

/** Sends `req` to the contract entry `def` through app.inject, as the holder of `token`. */
export async function send(
  t: TestApp,
  def: EndpointDef,
  req: Req,
  token: string | undefined,
  lang = 'en',
): Promise<Sent> {
  const headers: Record<string, string> = {
    'local-lang': lang,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...req.headers,
  };
  let payload: string | Buffer | undefined;
  if (def.kind === 'multipart') {
    const m = multipartBody(req.file ?? { name: 'empty.xlsx', content: Buffer.alloc(0) }, req.fields ?? {});
    payload = m.payload;
    Object.assign(headers, m.headers);
  } else if (def.method === 'POST') {
    payload = JSON.stringify(req.body ?? {});
    headers['content-type'] = 'application/json';
  }
  const res = await t.app.inject({
    method: def.method,
    url: API_BASE + fillPath(def.path, wellFormed(req.params)),
    ...(req.query ? { query: req.query } : {}),
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  const contentType = String(res.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) {
    return {
      status: res.statusCode,
      code: null,
      msg: '',
      data: undefined,
      raw: res.rawPayload.toString('latin1'),
      contentType,
    };
  }
  let body: { code?: number; msg?: string; data?: unknown } = {};
  try {
    body = res.json();
  } catch {
    body = { code: -1, msg: 'not JSON' };
  }
  return {
    status: res.statusCode,
    code: typeof body.code === 'number' ? body.code : -1,
    msg: String(body.msg ?? ''),
    data: body.data,
    raw: res.body,
    contentType,
  };
}

/** A URL cannot carry a lone surrogate: such a value travels as U+FFFD, as a browser would send it. */
function wellFormed(params: Req['params']): Req['params'] {
  if (!params) return params;
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      String(v).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
    ]),
  );
}
