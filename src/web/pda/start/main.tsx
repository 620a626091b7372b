import '../pda.css';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AccountType } from '../../../shared/domain/enums.ts';
import { activateLocale, currentLocale, i18n, initialLocale, withoutLangParam } from '../../i18n.ts';
import { keepSurface, markSurface, registerServiceWorker, surfaceOf } from '../../pwa.ts';
import { homePath } from '../../session/auth.ts';
import { checkStorageOnce } from '../../session/storage.ts';
import { getSession } from '../../session/store.ts';
import { reloadOnce } from '../../ui/chunk-reload.ts';
import { linkWebManifest } from '../../web-manifest.ts';
import { afterPaint, PdaStart } from './pda-start.tsx';

/**
 * The entry of pda.html, which the server and the service worker send for a page load of /pda (the
 * PDA's installed app opens there): the start screen with React, Lingui, Konsta's frame and the
 * API core only. The router, the query cache and the screens' code load when the operator opens a
 * screen (the app, app.tsx, started in this page); Dexie and the outbox load after the first paint.
 */
const TITLE = msg`Parcel Back Office`;

/** Who may use the scanner surface (as routes/pda.tsx). */
const PDA_USERS: readonly number[] = [AccountType.pda, AccountType.admin];

let root: Root | undefined;
let opening = false;

/** Starts the app on `href` in this page (a screen of the PDA's routes, through the router). */
async function open(href: string): Promise<void> {
  if (opening) return;
  opening = true;
  // Zod (the app's forms) reads this when it loads; index.html sets it in a script of its own.
  const global = globalThis as { __zod_globalConfig?: object };
  global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true };
  // The router reads the address when it is made, as the app's module loads: move first.
  if (href !== location.pathname) history.pushState(null, '', href);
  try {
    const { startApp } = await import('../../app.tsx');
    root?.unmount();
    root = undefined;
    await startApp();
  } catch {
    // Its code could not load (a new version replaced it): a page load of the screen.
    location.assign(href);
  }
}

async function start(): Promise<void> {
  const session = getSession();
  if (!session)
    return location.replace(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
  if (!PDA_USERS.includes(session.user.type)) return location.replace(homePath(session.user));
  // Another screen of the PDA (a page load of a path pda.html was not meant for): the app.
  if (location.pathname !== '/pda' && location.pathname !== '/pda/') return open(location.pathname);

  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
  // The manifest before anything is awaited (web-manifest.ts: the first one linked must be right).
  const locale = initialLocale();
  linkWebManifest(surfaceOf(session.user) === 'pda' ? 'pda' : 'app', locale);
  // The storage notice is in the first render (at most 300 ms): it shifts nothing.
  await Promise.all([activateLocale(locale, ['pda']), checkStorageOnce()]);
  const clean = withoutLangParam(location.href);
  if (clean !== location.href) history.replaceState(null, '', clean);
  const texts = () => {
    document.title = i18n._(TITLE);
    const user = getSession()?.user;
    linkWebManifest(user && surfaceOf(user) === 'pda' ? 'pda' : 'app', currentLocale());
  };
  texts();
  i18n.on('change', texts);

  root = createRoot(document.getElementById('root')!);
  // In a transition: React builds the page in slices of a few ms, not one long task.
  startTransition(() =>
    root!.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <PdaStart open={(href) => void open(href)} />
        </I18nProvider>
      </StrictMode>,
    ),
  );

  if (import.meta.env.PROD)
    afterPaint(() => {
      // The device keeps its account's surface (sw.ts), as app.tsx does.
      const surface = surfaceOf(session.user);
      void markSurface(surface)
        .then(() => registerServiceWorker())
        .then(() => keepSurface(surface));
    });
}

void start();
