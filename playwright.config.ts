import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server, which scripts/e2e.ts starts on a
 * fresh DATA_DIR (embedded PostgreSQL, demo data) and names in E2E_BASE_URL.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  // Generous: the machines these run on are small and shared, and a loaded one is slow, not wrong.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  // One more try for a test that failed on a loaded machine; the list reports it as flaky, and a
  // test that fails twice fails the run.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    screenshot: 'only-on-failure',
    // A trace is recorded on the retry of a failed test only: recording one for every test (DOM
    // snapshots at each action) cost a large share of the suite's CPU on these two cores.
    trace: 'on-first-retry',
    // As a person who turned animations off: dialogs and menus open at once (the desk honours
    // prefers-reduced-motion), so no click lands on a prompt still zooming in.
    reducedMotion: 'reduce',
    // No service worker unless a spec asks for one (the PDA's, the offline shell, the security
    // checks of what the browser keeps): the worker precaches the whole app (5 MB, 270 files) in
    // every fresh context, a fifth of a desk test's CPU here, for tests that never go offline.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // No optimizing JIT: a test's page lives seconds, and compiling hot code for it (Maglev,
        // TurboFan) cost more CPU on these two cores than the faster code saved.
        '--js-flags=--no-opt --no-maglev',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1366, height: 800 } } }],
});
