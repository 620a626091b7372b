/**
 * Registers the service worker (production builds only). With `registerType: 'prompt'` a new
 * version waits until every tab of the app is closed, so nothing reloads under an operator; the
 * PDA surface adds its "apply when the outbox is empty" prompt on top of this.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({ immediate: true });
}
