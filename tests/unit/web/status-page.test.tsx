// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/web/api/errors.ts';
import { activateLocale, i18n } from '../../../src/web/i18n.ts';
import { ErrorPage, LostPage, NotFoundPage } from '../../../src/web/ui/status-page.tsx';

beforeAll(() => activateLocale('en'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A router at /a then /b, where /b fails with `error`. */
function renderFailingPage(error: unknown) {
  const root = createRootRoute({ component: Outlet, notFoundComponent: NotFoundPage });
  const a = createRoute({ getParentRoute: () => root, path: '/a', component: () => <p>page a</p> });
  const b = createRoute({
    getParentRoute: () => root,
    path: '/b',
    loader: () => {
      throw error;
    },
    component: () => <p>page b</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([a, b]),
    history: createMemoryHistory({ initialEntries: ['/a', '/b'], initialIndex: 1 }),
    defaultErrorComponent: ErrorPage,
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('the error page', () => {
  it('shows the code, the description, home and back, and goes back after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderFailingPage(new Error('boom'));
    expect(await screen.findByText('500')).toBeTruthy();
    expect(screen.getByText('Unknown error please contact the administrator')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Back to previous page' })).toBeTruthy();
    expect(screen.getByTestId('error-countdown').textContent).toContain('5');
    // One second at a time: each tick renders the next count.
    const tick = () =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
    for (let second = 0; second < 4; second++) await tick();
    expect(screen.getByTestId('error-countdown').textContent).toContain('1');
    expect(router.state.location.pathname).toBe('/b');
    await tick();
    expect(router.state.location.pathname).toBe('/a');
    expect(await screen.findByText('page a')).toBeTruthy();
  });

  it("shows a refused call's status and message", async () => {
    renderFailingPage(new ApiError({ kind: 'response', status: 403, code: 0, msg: 'Not yours' }));
    expect(await screen.findByText('403')).toBeTruthy();
    expect(screen.getByText('Not yours')).toBeTruthy();
  });
});

describe('the 404 pages', () => {
  it('say what the spec says', async () => {
    const root = createRootRoute({ component: Outlet });
    const lost = createRoute({ getParentRoute: () => root, path: '/lost', component: LostPage });
    const router = createRouter({
      routeTree: root.addChildren([lost]),
      history: createMemoryHistory({ initialEntries: ['/nothing'] }),
      defaultNotFoundComponent: NotFoundPage,
    });
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
    await act(async () => router.history.push('/lost'));
    expect(await screen.findByText('Oh~~Lost web pages~')).toBeTruthy();
  });
});
