import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { surfaceMessageIds } from '../../../scripts/vite-surface-catalogs.ts';
import { messages as pdaCn } from '../../../src/shared/i18n/locales/cn/messages.po?surface=pda';
import { scanMessages } from '../../../src/shared/i18n/scan-messages.ts';

const root = resolve(import.meta.dirname, '../../..');
const msgids = (locale: string) =>
  [
    ...readFileSync(resolve(root, `src/shared/i18n/locales/${locale}/messages.po`), 'utf8').matchAll(
      /^msgid "(.+)"$/gm,
    ),
  ].map((m) => JSON.parse(`"${m[1]}"`) as string);

describe('the catalogue in two parts', () => {
  it('splits every message into exactly one part: the PDA files’ messages, and the rest', async () => {
    const [pda, desk] = await Promise.all([surfaceMessageIds(root, 'pda'), surfaceMessageIds(root, 'desk')]);
    const all = msgids('en');
    expect(pda.size + desk.size).toBe(all.length);
    expect([...pda].filter((id) => desk.has(id))).toEqual([]);
    // The PDA's part is a small share of the whole: that is the point of it.
    expect(pda.size).toBeLessThan(all.length / 5);
  });

  it('gives the PDA its own screens’ and its shared texts, translated, and no desk text', async () => {
    const pda = await surfaceMessageIds(root, 'pda');
    for (const m of Object.values(scanMessages)) expect(pda.has(m.id), m.id).toBe(true);
    expect(pdaCn[scanMessages.scanValid.id]).toBeTruthy();
    // The lading desk's columns stay in the desk's part.
    expect(pda.has('lading.col.remark')).toBe(false);
    expect(Object.keys(pdaCn).length).toBe(pda.size);
  });
});
