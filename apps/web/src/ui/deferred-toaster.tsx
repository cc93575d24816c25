import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts for pages that rarely show one (the fans' pages): sonner loads with the first toast, not with the
 * page. The toaster mounts then and shows the toast (sonner replays toasts made before it subscribed).
 */
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

let asked = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounts the toaster (loading sonner) if it is not yet: for a page that calls sonner's toast itself. */
export function mountToaster(): void {
  if (asked) return;
  asked = true;
  for (const listener of listeners) listener();
}

/** An error toast, loading sonner on first use. */
export function toastError(message: string): void {
  mountToaster();
  void import('sonner').then((module) => module.toast.error(message));
}

/** Where deferred toasts show: renders nothing until the first one is asked for. */
export function DeferredToaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => asked,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors />
    </Suspense>
  );
}
