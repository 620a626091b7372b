import { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isApiError } from './api/errors.ts';
import { setSessionInvalidHandler } from './api/handlers.ts';
import { persistQueries } from './api/persist.ts';
import { activateLocale, currentLocale, i18n, initialLocale, pageLocale, surfacesOf } from './i18n.ts';
import { keepSurface, markSurface, registerServiceWorker, surfaceOf } from './pwa.ts';
import { createAppRouter } from './router.ts';
import { safeRedirect } from './session/redirect.ts';
import { getSession, type Session, subscribeSession } from './session/store.ts';
import type { Surface } from './sw/surface-cache.ts';
import { reloadOnce } from './ui/chunk-reload.ts';
import { linkWebManifest } from './web-manifest.ts';
import './global.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call was already shown to the user; only a lost connection is worth retrying.
      retry: (failures, error) => isApiError(error) && error.kind === 'network' && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
const router = createAppRouter(queryClient);

// Code 6: the API core has cleared the session; come back here after logging in again.
setSessionInvalidHandler(() => {
  const { pathname, href } = router.state.location;
  if (pathname === '/login') return;
  // The PDA goes to the light login page as a page of its own: the app's /login route is the
  // desk's frame, whose code a PDA account's device does not keep.
  if (pathname === '/pda' || pathname.startsWith('/pda/')) {
    const redirect = safeRedirect(href);
    return location.replace(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  }
  void router.navigate({ to: '/login', search: { redirect: safeRedirect(href) }, replace: true });
});

// One user's cached answers must never show to the next.
subscribeSession((session) => {
  if (!session) queryClient.clear();
});

// The web app manifest of the account's kind, in the UI's language: linked as this module loads,
// before the catalogue (web-manifest.ts: the first one linked must be the right one).
const linkManifest = () => {
  const session = getSession();
  linkWebManifest(session && surfaceOf(session.user) === 'pda' ? 'pda' : 'app', pageLocale());
};
linkManifest();
subscribeSession(linkManifest);
i18n.on('change', linkManifest);

// Server-translated data (menu names, messages) follows the UI language.
let shownLocale = currentLocale();
i18n.on('change', () => {
  if (currentLocale() === shownLocale) return;
  shownLocale = currentLocale();
  void queryClient.invalidateQueries();
});

// Spec 2: a chunk that fails to load (a new version was deployed) reloads the page, once; a
// second failure right after goes on to the error page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

/**
 * Starts the app (the router's pages) in #root: index.html's entry (main.tsx) at once, the PDA's
 * light start (pda/start) when its operator opens a screen other than the start screen.
 */
export async function startApp(): Promise<void> {
  await persistQueries(queryClient);
  await activateLocale(initialLocale(), surfacesOf(location.pathname));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  if (import.meta.env.PROD) {
    // A worker installed now keeps the surface's files along with the core (sw.ts).
    const session = getSession();
    if (session) await markSurface(surfaceOf(session.user));
    await registerServiceWorker();
    // The device keeps the code of its account's surface only (sw.ts): the PDA's, or the desk's.
    let kept: Surface | undefined;
    const keep = (next: Session | null) => {
      const surface = next ? surfaceOf(next.user) : undefined;
      if (!surface || surface === kept) return;
      kept = surface;
      void keepSurface(surface);
    };
    keep(session);
    subscribeSession(keep);
  }
}
