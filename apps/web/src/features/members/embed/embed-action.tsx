import { lazy, Suspense, useState } from 'react';
import type { EmbedKind } from '@hfm/shared';
import { Button } from '../../../ui/button';

const EmbedDialog = lazy(() => import('./embed-dialog').then((module) => ({ default: module.EmbedDialog })));

/** The 'Embed' action of an artist's or album's page: opens the dialog (its own chunk) with the snippet. */
export function EmbedAction({ kind, id, name }: { kind: EmbedKind; id: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="embed-action" onClick={() => setOpen(true)}>
        Embed
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EmbedDialog kind={kind} id={id} name={name} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
