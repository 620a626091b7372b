/// <reference types="vitest/config" />
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { groupManifest, precacheGroups } from './scripts/precache-groups.ts';
import { surfaceCatalogs } from './scripts/vite-surface-catalogs.ts';
import { webManifests } from './scripts/vite-web-manifests.ts';

/**
 * The output files of the desk's route chunks (their lazy components), found before Vite writes the
 * preload lists (see `modulePreload` below).
 */
const deskRouteChunks = new Set<string>();
const DESK_ROUTES = /\/src\/web\/routes\/_desk\//;

function findDeskRouteChunks(): Plugin {
  return {
    name: 'desk-route-chunks',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        deskRouteChunks.clear();
        for (const file of Object.values(bundle))
          if (file.type === 'chunk' && file.facadeModuleId && DESK_ROUTES.test(file.facadeModuleId))
            deskRouteChunks.add(file.fileName);
      },
    },
  };
}

/**
 * Konsta's modules run nothing when imported, but its package does not say so (no `sideEffects`):
 * every component its index re-exports then counted as used by every PDA screen, and went into
 * the chunk the PDA's first load fetches (dialogs, popups, segmented buttons of other screens).
 */
function konstaWithoutSideEffects(): Plugin {
  return {
    name: 'konsta-without-side-effects',
    apply: 'build',
    transform: {
      filter: { id: /\/node_modules\/konsta\/.*\.js$/ },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/routeTree.gen.ts',
    }),
    react(),
    lingui({ macroTransform: true }),
    surfaceCatalogs(import.meta.dirname),
    findDeskRouteChunks(),
    konstaWithoutSideEffects(),
    precacheGroups(),
    webManifests(import.meta.dirname),
    tailwindcss(),
    VitePWA({
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      // Our own worker (src/web/sw.ts): the precache comes split by surface (core, pda, desk;
      // scripts/precache-groups.ts), so a PDA account's device never keeps the desk's code.
      strategies: 'injectManifest',
      srcDir: 'src/web',
      filename: 'sw.ts',
      injectManifest: {
        // No .wasm: the camera's decoder is kept on its first use (runtime cache, sw.ts).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
        // The manifests' screenshots are for the install prompt, not for offline use.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        manifestTransforms: [groupManifest],
      },
    }),
  ],
  resolve: {
    alias: [
      // Dexie's package gives bundlers a wrapper around its UMD build (one Dexie per page): the
      // UMD's function runs at once, so the browser compiles all of its 97 kB as the outbox's code
      // loads (92 ms of a PDA's first load on this machine, 370 ms at Lighthouse's 4x). Its ES
      // module build compiles each function when first called; only this bundle loads Dexie.
      { find: /^dexie$/, replacement: `${import.meta.dirname}/node_modules/dexie/dist/modern/dexie.mjs` },
    ],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // light.html: /login and /search on a first load, without the app's router and libraries;
      // pda.html: /pda, the PDA's start screen, likewise (the app loads when a screen opens).
      input: { index: 'index.html', light: 'light.html', pda: 'pda.html' },
    },
    modulePreload: {
      // The route tree (in the app's core, loaded by the PDA too) imports every desk screen lazily;
      // the list of the chunks each of them needs (file names with hashes, hundreds for the desk)
      // was 6.6 kB of the core’s 95 kB gzip. A desk screen's chunks load as its chunk imports them
      // (the router already preloads a route on hover); the PDA's routes keep their lists.
      resolveDependencies: (file, deps) => (deskRouteChunks.has(file) ? [] : deps),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A loaded 2-core machine is slow, not wrong (the zip-bomb test inflates 300 MB to count it).
          testTimeout: 30_000,
          setupFiles: ['tests/unit/support/dom-waits.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/support/global-setup.ts'],
          setupFiles: ['tests/api/support/no-concurrent-queries.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
