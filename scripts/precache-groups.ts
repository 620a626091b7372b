/**
 * The service worker's precache, split by surface (issue 40). Every device keeps `core` (the two
 * HTML shells, the app's start-up, the light pages and the icons). The web manifests
 * (scripts/vite-web-manifests.ts) are files of the bundle that no entry imports, so they fall in
 * `desk`: a PDA does not keep them, and need not, since the browser reads a manifest online when it
 * installs or updates the app and keeps its own copy (putting them in core costs a PDA with the
 * camera 45 bytes over its 2 MB budget; docs/notes/issue-40.md). A PDA account's
 * device adds `pda` (its screens, Konsta, the PDA's part of the catalogue); a desk user's adds
 * `desk` (Ant Design, ECharts, every desk screen and the desk's catalogue). Which surface a device
 * keeps is chosen after login (src/web/sw.ts). The camera's WebAssembly is in no group: the
 * worker keeps it the first time the camera asks for it (runtime cache).
 *
 * The groups follow the bundle's chunk graph: `core` is what the app's and the light pages' HTML
 * entries import statically (plus the SW registration and the PDA's catalogue, which the light pages load);
 * `pda` is what the PDA's route files and its start screen's entry (pda.html) reach, statically or
 * lazily, past what core holds; the
 * rest is the desk's. A file the bundle does not name (public/, the HTML) is core.
 */
import type { Plugin } from 'vite';
import type { ManifestEntry, ManifestTransform } from 'workbox-build';

export type PrecacheGroup = 'core' | 'pda' | 'desk';

/** What the grouping reads of a bundle's file (Rollup's output chunk or asset). */
export interface BundleFile {
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: readonly string[];
  dynamicImports?: readonly string[];
  /** Vite's metadata: the CSS and assets the chunk needs. */
  importedCss?: Iterable<string>;
  importedAssets?: Iterable<string>;
}

/**
 * The PDA's route files (`routes/pda.tsx`, `routes/pda/…`), split or not, and the entry of its
 * start screen (`pda/start/main.tsx`, whose chunk's facade is pda.html: an entry, but the PDA's
 * alone).
 */
const PDA_ROUTES = /\/src\/web\/routes\/pda(?:\.tsx|\/)|\/pda\.html$|\/src\/web\/pda\/start\/main\.tsx$/;
/**
 * Lazy modules every device needs: the service worker's registration (workbox-window) and the
 * PDA's part of the catalogue, which the light /login and /search load (vite-surface-catalogs.ts).
 */
const CORE_LAZY = /\/workbox-window\/|\/messages\.po\?surface=pda$/;
/** Kept on first use, in no group (see above). */
export const RUNTIME_ONLY = /\.wasm$/;

export function groupBundle(files: readonly BundleFile[]): Map<string, PrecacheGroup> {
  const byName = new Map(files.map((file) => [file.fileName, file]));
  const walk = (roots: string[], lazy: boolean, stop: ReadonlySet<string>) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (seen.has(name) || stop.has(name)) continue;
      seen.add(name);
      const file = byName.get(name);
      if (!file) continue;
      stack.push(...(file.imports ?? []), ...(file.importedCss ?? []), ...(file.importedAssets ?? []));
      if (lazy) stack.push(...(file.dynamicImports ?? []));
    }
    return seen;
  };
  const facade = (file: BundleFile) => file.facadeModuleId ?? '';
  const core = walk(
    files
      .filter((f) => (f.isEntry && !PDA_ROUTES.test(facade(f))) || CORE_LAZY.test(facade(f)))
      .map((f) => f.fileName),
    false,
    new Set(),
  );
  // Walking from the PDA's routes stops at core: the app's entry lazily imports every route.
  const pda = walk(
    files.filter((f) => PDA_ROUTES.test(facade(f))).map((f) => f.fileName),
    true,
    core,
  );
  const groups = new Map<string, PrecacheGroup>();
  for (const { fileName } of files)
    groups.set(
      fileName,
      core.has(fileName) || fileName.endsWith('.html') ? 'core' : pda.has(fileName) ? 'pda' : 'desk',
    );
  return groups;
}

/** A precache entry with its group, as the service worker receives it in `self.__WB_MANIFEST`. */
export type GroupedEntry = ManifestEntry & { group: PrecacheGroup };

/**
 * The build's groups (file name → group), seen by `precacheGroups()` when the bundle is written
 * and read by `groupManifest` when vite-plugin-pwa injects the manifest, later in the same build.
 */
const seen = new Map<string, PrecacheGroup>();

/** Records the bundle's groups (see above). */
export function precacheGroups(): Plugin {
  return {
    name: 'precache-groups',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        seen.clear();
        const files: BundleFile[] = Object.values(bundle).map((file) =>
          file.type === 'chunk'
            ? {
                fileName: file.fileName,
                isEntry: file.isEntry,
                facadeModuleId: file.facadeModuleId,
                imports: file.imports,
                dynamicImports: file.dynamicImports,
                importedCss: file.viteMetadata?.importedCss,
                importedAssets: file.viteMetadata?.importedAssets,
              }
            : { fileName: file.fileName },
        );
        for (const [name, group] of groupBundle(files)) seen.set(name, group);
      },
    },
  };
}

/** Groups the entries of a manifest (urls relative to the build's directory, as workbox-build gives them). */
export function groupEntries<E extends ManifestEntry>(
  entries: readonly E[],
  groups: ReadonlyMap<string, PrecacheGroup>,
): (E & { group: PrecacheGroup })[] {
  return entries
    .filter((entry) => !RUNTIME_ONLY.test(entry.url))
    .map((entry) => ({ ...entry, group: groups.get(entry.url.replace(/^\//, '')) ?? 'core' }));
}

/** workbox-build's transform: each entry gets its group (GroupedEntry); the camera's .wasm leaves. */
export const groupManifest: ManifestTransform = async (manifest) => {
  if (seen.size === 0)
    throw new Error('precache groups: the bundle was not seen (precacheGroups() missing?)');
  return { manifest: groupEntries(manifest, seen), warnings: [] };
};
