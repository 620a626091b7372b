import type { Locale } from '../shared/domain/enums.ts';

/**
 * Links the web app manifest for this account and language (scripts/vite-web-manifests.ts): a
 * PDA account's page names the PDA's (start on /pda, a shortcut per scan task), every other page
 * the app's; each in the page's language, with its `lang` and `dir`. The browser reads the
 * linked one when the app is installed.
 */
export function linkWebManifest(kind: 'app' | 'pda', locale: Locale): void {
  if (typeof document === 'undefined') return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = `/manifest-${kind}-${locale}.webmanifest`;
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
