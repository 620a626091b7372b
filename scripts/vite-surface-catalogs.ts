/**
 * The message catalogue per surface. `…/messages.po?surface=pda` is the part of the catalogue
 * whose messages are used by the PDA's own files (surface-files.ts: by the catalogue's origins);
 * `?surface=desk` is the rest. The PDA loads its part only; a desk page loads both (i18n.ts). The
 * .po files stay one catalogue per language (the server and the translators read them whole).
 */
import { basename, dirname, resolve } from 'node:path';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';
import { PDA_ENTRIES, surfaceGraph } from './surface-files.ts';

const SURFACE_QUERY = /\.po\?surface=(pda|desk)$/;

export type Surface = 'pda' | 'desk';

/** The ids of the messages a surface's part holds. */
export async function surfaceMessageIds(root: string, surface: Surface): Promise<Set<string>> {
  const config = getConfig({ cwd: root });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalogue');
  const source = (await catalog.read(config.sourceLocale)) ?? {};
  const pda = surfaceGraph(root, PDA_ENTRIES).files;
  const ids = new Set<string>();
  for (const [id, entry] of Object.entries(source)) {
    const usedByPda = (entry.origin ?? []).some(([file]) => pda.has(file));
    if (usedByPda === (surface === 'pda')) ids.add(id);
  }
  return ids;
}

export function surfaceCatalogs(root: string): Plugin {
  // One build asks for six parts (two surfaces in three languages): the split is worked out once.
  let ids: Partial<Record<Surface, Promise<Set<string>>>> = {};
  return {
    name: 'surface-catalogs',
    enforce: 'pre',
    buildStart() {
      ids = {};
    },
    watchChange() {
      ids = {};
    },
    async load(id) {
      const match = SURFACE_QUERY.exec(id);
      if (!match) return undefined;
      const file = id.slice(0, id.indexOf('?'));
      const locale = basename(dirname(file));
      const config = getConfig({ cwd: root });
      const [catalog] = await getCatalogs(config);
      if (!catalog) throw new Error('lingui.config.ts names no catalogue');
      const { messages } = await catalog.getTranslations(locale, {
        sourceLocale: config.sourceLocale,
        fallbackLocales: config.fallbackLocales,
      });
      const surface = match[1] as Surface;
      ids[surface] ??= surfaceMessageIds(root, surface);
      const wanted = await ids[surface];
      const part = Object.fromEntries(Object.entries(messages).filter(([key]) => wanted.has(key)));
      this.addWatchFile(file);
      this.addWatchFile(resolve(root, 'src/shared/i18n/locales', String(config.sourceLocale), 'messages.po'));
      const { source, errors } = createCompiledCatalog(locale, part, { namespace: 'es' });
      if (errors.length) this.warn(`${errors.length} messages of ${file} do not compile`);
      return { code: source, moduleType: 'js' };
    },
  };
}
