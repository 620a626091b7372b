import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, currentLocale, i18n, initialLocale, withoutLangParam } from '../i18n.ts';
import { homePath } from '../session/auth.ts';
import { getSession } from '../session/store.ts';
import { linkWebManifest } from '../web-manifest.ts';
import { LoginPage } from './login-page.tsx';
import { SearchPage } from './search-page.tsx';
import './light.css';

/**
 * The entry of light.html, which the server sends for a first load of /login and /search: these
 * two pages with React, Lingui and the API core only — no router, no query cache, no component
 * library — so a handheld's or a consignee's first page is small. Inside the app (a session ended,
 * a link), the router shows the same pages (routes/login.tsx, routes/search.tsx).
 */
const TITLE = msg`Parcel Back Office`;

function LightApp() {
  const [href, setHref] = useState(location.href);
  useEffect(() => {
    const onPop = () => setHref(location.href);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    const title = () => {
      document.title = i18n._(TITLE);
    };
    title();
    return i18n.on('change', title);
  }, []);
  const url = new URL(href);
  const param = (name: string) => url.searchParams.get(name) ?? undefined;
  if (url.pathname === '/search')
    return (
      <SearchPage
        no={param('no')}
        redirect={param('redirect')}
        onSearch={(no) => {
          const next = new URL(location.href);
          next.searchParams.set('no', no);
          history.pushState(null, '', next);
          setHref(next.href);
        }}
      />
    );
  return <LoginPage redirect={param('redirect')} go={(target) => location.replace(target)} />;
}

async function start(): Promise<void> {
  const session = getSession();
  // The login page is for guests: a signed-in user goes home.
  if (session && location.pathname === '/login') return location.replace(homePath(session.user));
  // The manifest before anything is awaited (web-manifest.ts: the first one linked must be right).
  const locale = initialLocale();
  linkWebManifest('app', locale);
  await activateLocale(locale, ['pda']);
  i18n.on('change', () => linkWebManifest('app', currentLocale()));
  // The language is applied and stored: the address no longer needs to carry it.
  const clean = withoutLangParam(location.href);
  if (clean !== location.href) history.replaceState(null, '', clean);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <LightApp />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
