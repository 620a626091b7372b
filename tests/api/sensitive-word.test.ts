import { beforeAll, describe, expect, it } from 'vitest';
import { findSensitiveWords } from '../../src/server/modules/sensitive-word/find-sensitive-words.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { callRaw, callWith } from './support/call.ts';

const words = contract.sensitiveWord;

describe('sensitive words', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  beforeAll(async () => {
    for (const [name, [u, p]] of Object.entries(DEMO))
      tokens[name as keyof typeof DEMO] = await t.login(u, p);
  });
  const post = <E extends EndpointDef>(entry: E, who: keyof typeof DEMO, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose. */
  const bad = (entry: EndpointDef, who: keyof typeof DEMO, body: unknown) =>
    callRaw(t, entry, { token: tokens[who], body, lang: 'en' });

  it('lists the seeded words paged and alphabetical, filtered by word and category', async () => {
    const all = await post(words.query, 'operator', { pageSize: 100 });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(20);
    const listed = all.body.data.records.map((r) => r.word);
    expect(listed).toContain('lithium');
    expect(listed).toContain('锂电池');
    expect(listed.filter((w) => /^[a-z]/.test(w))).toEqual(listed.filter((w) => /^[a-z]/.test(w)).sort());
    const lith = await post(words.query, 'operator', { word: 'LITH' });
    expect(lith.body.data.records.map((r) => r.word)).toEqual(['lithium']);
    const battery = await post(words.query, 'admin', {
      category: 'battery',
      pageSize: 2,
    });
    expect(battery.body.data.records).toHaveLength(2);
    expect(battery.body.data.total).toBeGreaterThanOrEqual(4);
    const big = await bad(words.query, 'admin', { pageSize: 501 });
    expect(big.status).toBe(400);
    expect(big.issues.map((i) => i.path)).toEqual(['pageSize']);
  });

  it('adds, updates and deletes a word; a word is unique whatever its case', async () => {
    const added = await post(words.add, 'operator', {
      word: '  Gun  Powder ',
      category: 'explosive',
      remark: 'Refused everywhere',
    });
    expect(added.status, added.raw).toBe(200);
    expect(added.body.data).toMatchObject({
      word: 'gun powder',
      category: 'explosive',
      createdBy: 'operator',
    });
    const dup = await post(words.add, 'admin', { word: 'GUN POWDER' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('This sensitive word is already in the list');
    const seededClash = await post(words.update, 'admin', {
      recId: added.body.data.recId,
      word: 'Lithium',
    });
    expect(seededClash.status).toBe(409);
    const updated = await post(words.update, 'admin', {
      recId: added.body.data.recId,
      word: 'Gunpowder',
      category: 'explosive',
    });
    expect(updated.body.data).toMatchObject({ word: 'gunpowder', remark: '' });
    // Saving a word unchanged is no clash with itself.
    expect(
      (await post(words.update, 'admin', { recId: added.body.data.recId, word: 'gunpowder' })).status,
    ).toBe(200);
    expect((await post(words.update, 'admin', { recId: 999999, word: 'x' })).status).toBe(404);
    const empty = await bad(words.add, 'admin', { word: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.issues.map((i) => i.path)).toEqual(['word']);
    expect((await post(words.delete, 'admin', { recId: added.body.data.recId })).status).toBe(200);
    expect((await post(words.delete, 'admin', { recId: added.body.data.recId })).status).toBe(404);
  });

  it('refuses customer, PDA and staff accounts without the permission', async () => {
    for (const who of ['demo', 'demoSub', 'other', 'pda', 'finance', 'service'] as const) {
      expect((await post(words.query, who)).status, who).toBe(403);
      expect((await post(words.add, who, { word: 'x' })).status, who).toBe(403);
      expect((await post(words.update, who, { recId: 1, word: 'x' })).status, who).toBe(403);
      expect((await post(words.delete, who, { recId: 1 })).status, who).toBe(403);
    }
  });

  it('flags goods names that contain a word, at word starts for Latin words', async () => {
    const found = await findSensitiveWords(t.database.db, [
      'Lithium Battery Pack 5000mAh',
      'Cotton T-shirt',
      '蓝牙耳机（含锂电池）',
      'Burgundy scarf',
      'Knife sharpener',
      'Pocket KNIFE',
      '',
    ]);
    expect(found[0]!.sort()).toEqual(['battery', 'lithium']);
    expect(found[1]).toEqual([]);
    expect(found[2]!.sort()).toEqual(['电池', '锂电池'].sort());
    expect(found[3]).toEqual([]);
    expect(found[4]).toEqual(['knife']);
    expect(found[5]).toEqual(['knife']);
    expect(found[6]).toEqual([]);
  });
});
