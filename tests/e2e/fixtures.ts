import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, and after every test the browser contexts it opened itself (`logIn`,
 * `newDeskPage`, `browser.newContext()`) are closed, as the `page` fixture's context is. A context
 * left open keeps its pages alive for the rest of the run, their timers polling the server: by the
 * middle of the suite forty of them took a large share of the two cores from the tests still
 * running. Every spec imports `test` from here.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});
