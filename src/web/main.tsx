import { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isApiError } from './api/errors.ts';
import { setSessionInvalidHandler } from './api/handlers.ts';
import { persistQueries } from './api/persist.ts';
import { activateLocale, currentLocale, i18n, initialLocale, surfacesOf } from './i18n.ts';
import { registerServiceWorker } from './pwa.ts';
import { createAppRouter } from './router.ts';
import { safeRedirect } from './session/redirect.ts';
import { subscribeSession } from './session/store.ts';
import { reloadOnce } from './ui/chunk-reload.ts';
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
  void router.navigate({ to: '/login', search: { redirect: safeRedirect(href) }, replace: true });
});

// One user's cached answers must never show to the next.
subscribeSession((session) => {
  if (!session) queryClient.clear();
});

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

async function start(): Promise<void> {
  persistQueries(queryClient);
  await activateLocale(initialLocale(), surfacesOf(location.pathname));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  if (import.meta.env.PROD) await registerServiceWorker();
}

void start();
