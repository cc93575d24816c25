import { lazy, Suspense, useState } from 'react';

const loadDialog = () => import('./discard-changes');
const preload = () => void loadDialog();
const DiscardChangesDialog = lazy(() => loadDialog().then((module) => ({ default: module.DiscardChangesDialog })));

/**
 * `useDiscardGuard` (./discard-changes) for a form that a landing page loads at once (the fan sign-up form): its
 * question and the dialog code under it load only when needed, so they stay out of the page's first load.
 * Call `preload` when the form first changes; a close with changes loads it anyway before asking.
 * Render `dialog` next to the form.
 */
export function useLazyDiscardGuard(isDirty: () => boolean, close: () => void, detail?: string) {
  // null until first asked: the dialog is not rendered (nor loaded) before then.
  const [asking, setAsking] = useState<boolean | null>(null);
  function requestClose() {
    if (isDirty()) setAsking(true);
    else close();
  }
  const dialog = asking !== null && (
    <Suspense fallback={null}>
      <DiscardChangesDialog
        open={asking}
        detail={detail}
        onKeepEditing={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          close();
        }}
      />
    </Suspense>
  );
  return { requestClose, dialog, preload };
}
