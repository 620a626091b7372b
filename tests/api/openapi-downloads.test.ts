import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type EndpointDef, MEDIA, mediaTypeOf } from '../../src/shared/contract/core.ts';
import { endpoints } from '../../src/shared/contract/index.ts';
import { useTestApp } from './support/app.ts';
import { type OpenApiDoc, type Response, resolve } from './support/openapi-doc.ts';
import { inputFor } from './support/security/fixtures.ts';
import { send } from './support/security/send.ts';
import { World } from './support/security/world.ts';

/** The `format` a download's body asks for each media type (labels and manifests choose one). */
const FORMAT: Record<string, string> = { [MEDIA.pdf]: 'pdf', [MEDIA.xlsx]: 'xlsx', [MEDIA.zpl]: 'zpl' };

const asksFormat = (def: EndpointDef) => def.body instanceof z.ZodObject && 'format' in def.body.shape;

/**
 * Every file download says in the OpenAPI document what it answers: the media types its contract
 * entry names (`produces`), no more (each is answered) and no fewer (each answer is one of them).
 * The calls' inputs are the security matrix's (a picked-up bill, a finished export, …).
 */
describe('file downloads in the OpenAPI document', () => {
  const t = useTestApp();
  const w = new World(t);
  let doc: OpenApiDoc;

  beforeAll(async () => {
    await w.setUp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  }, 120_000);

  it('answers each download in a media type its contract and the document name, and each of them', async () => {
    const downloads = endpoints.filter((e) => e.def.kind === 'blob');
    expect(downloads.length).toBeGreaterThanOrEqual(16);
    for (const { domain, name, def } of downloads) {
      const key = `${domain}.${name}`;
      const ok = resolve<Response>(doc, doc.paths[def.path]![def.method.toLowerCase()]!.responses['200']!);
      expect(Object.keys(ok.content ?? {}), key).toEqual([...def.produces!]);
      expect(ok.headers, key).toHaveProperty('Content-Disposition');
      const answered = new Set<string>();
      for (const media of def.produces!) {
        const req = await inputFor(w, key, def, 'admin');
        const ask = asksFormat(def)
          ? { ...req, body: { ...(req.body as object), format: FORMAT[media] } }
          : req;
        const r = await send(t, def, ask, w.tokens.admin);
        expect(r.status, `${key} as ${media}: ${r.raw.slice(0, 300)}`).toBe(200);
        expect(def.produces, `${key} answered ${r.contentType}`).toContain(mediaTypeOf(r.contentType));
        expect(r.raw.length, key).toBeGreaterThan(0);
        answered.add(mediaTypeOf(r.contentType));
      }
      expect([...answered].sort(), `${key} answers every type it names`).toEqual([...def.produces!].sort());
    }
  }, 300_000);
});
