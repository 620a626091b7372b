import { describe, expect, it, vi } from 'vitest';
import { scanMessages } from '../../../src/shared/i18n/scan-messages.ts';

/** A message of the desk's own screens (the lading list's columns), not in the PDA's part. */
const DESK_ID = 'lading.col.remark';
const PDA_ID = scanMessages.scanValid.id;

const fresh = async () => {
  vi.resetModules();
  return import('../../../src/web/i18n.ts');
};

describe('the catalogue parts a page loads', () => {
  it('gives /pda the PDA part only, and adds the desk part when a desk page opens, in every language after', async () => {
    const { activateLocale, i18n, loadSurfaceMessages, surfacesOf } = await fresh();
    expect(surfacesOf('/pda/scan/lading')).toEqual(['pda']);
    expect(surfacesOf('/login')).toEqual(['pda']);
    expect(surfacesOf('/admin')).toEqual(['pda', 'desk']);
    await activateLocale('cn', surfacesOf('/pda'));
    expect(i18n.messages[PDA_ID]).toBeTruthy();
    expect(i18n.messages[DESK_ID]).toBeUndefined();

    await loadSurfaceMessages('desk');
    expect(i18n.messages[DESK_ID]).toBeTruthy();
    await activateLocale('ar');
    expect(i18n.locale).toBe('ar');
    expect([i18n.messages[PDA_ID], i18n.messages[DESK_ID]].every(Boolean)).toBe(true);
  });

  it('brings the desk part when a message is missing from the PDA part', async () => {
    const { activateLocale, i18n } = await fresh();
    await activateLocale('en', ['pda']);
    expect(i18n.messages[DESK_ID]).toBeUndefined();
    const changed = new Promise<void>((resolve) => i18n.on('change', () => resolve()));
    i18n._(DESK_ID);
    await changed;
    expect(i18n.messages[DESK_ID]).toBeTruthy();
  });
});
