/**
 * The built app registers its service worker (docs/decisions/0054) once the page has loaded, so the worker's
 * first download of the shell does not compete with the page's own. `updateViaCache: 'none'`: every
 * navigation asks the server whether /sw.js changed, so a new build takes over on the next one.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.error('The service worker did not register: the app will not open offline.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
