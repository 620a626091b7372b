import type { Locale } from '../shared/domain/enums.ts';

/**
 * Links the web app manifest for this account and language (scripts/vite-web-manifests.ts): a
 * PDA account's page names the PDA's (start on /pda, a shortcut per scan task), every other page
 * the app's; each in the page's language, with its `lang` and `dir`. The browser reads the
 * linked one when the app is installed.
 *
 * The HTML names none: Chromium keeps the manifest whose fetch was under way when the link changed
 * (for as long as the page lives, or until the link changes again), so a page that named the
 * desk's in its HTML and the PDA's a moment later could be installed as the desk. Each entry (light,
 * pda/start, app.tsx) links the right one in its first synchronous run, from the stored session
 * and the language it is about to activate, before it waits for anything; it changes only when
 * the account or the language does.
 */
export function linkWebManifest(kind: 'app' | 'pda', locale: Locale): void {
  if (typeof document === 'undefined') return;
  const href = `/manifest-${kind}-${locale}.webmanifest`;
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) {
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
    return;
  }
  // Its address first: the browser reads a manifest link as it goes into the document.
  const added = document.createElement('link');
  added.rel = 'manifest';
  added.setAttribute('href', href);
  document.head.append(added);
}
