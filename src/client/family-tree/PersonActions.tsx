/**
 * What the family can do from the card of the person in focus: add a parent, a partner or a
 * child, correct what is written, change the photo, and take the person out of the tree (never
 * the memorial's own person). Removing asks first, and can still be undone afterwards.
 */
import { useState } from 'react';
import { PencilLine, Trash2, UserPlus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import type { CloseFamily } from '@/shared/family-tree-api';
import { treeCalls } from './api';
import { runChange } from './changes';
import type { PersonDialogMode } from './PersonDialog';
import { PhotoButtons } from './PhotoButton';
import { personName } from './words';

export function PersonActions({ memorial, close, onOpen, onRemoved }: { memorial: string; close: CloseFamily; onOpen: (mode: PersonDialogMode) => void; onRemoved: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { person } = close;
  const name = personName(person);
  const calls = treeCalls(memorial);

  return (
    <div role="group" aria-label={`Ændr ${name}`} className="mt-8 border-t border-border pt-6">
      <div className="grid gap-3 sm:grid-cols-2">
        {close.parents.length < 2 ? (
          <Button variant="secondary" onClick={() => onOpen({ kind: 'parent', of: close })}>
            <UserPlus aria-hidden="true" />
            Tilføj forælder
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => onOpen({ kind: 'partner', of: close })}>
          <UserPlus aria-hidden="true" />
          Tilføj partner
        </Button>
        <Button variant="secondary" onClick={() => onOpen({ kind: 'child', of: close })}>
          <UserPlus aria-hidden="true" />
          Tilføj barn
        </Button>
        <Button variant="secondary" onClick={() => onOpen({ kind: 'edit', person })}>
          <PencilLine aria-hidden="true" />
          Ret oplysninger
        </Button>
      </div>
      <div className="mt-3 flex flex-wrap justify-center gap-3">
        <PhotoButtons memorial={memorial} person={person} />
        {person.isRoot ? null : (
          <Button variant="quiet" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Fjern fra stamtræet
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Fjern ${name} fra stamtræet?`}
        confirmLabel="Fjern fra stamtræet"
        pendingLabel="Fjerner..."
        pending={removing}
        onConfirm={async () => {
          setRemoving(true);
          const removed = await runChange(queryClient, memorial, {
            call: () => calls.removePerson(person.id),
            done: `${name} er fjernet fra stamtræet`,
            undo: () => ({ undone: `${name} er tilbage i stamtræet`, run: () => calls.restorePerson(person.id) }),
          });
          setRemoving(false);
          setConfirming(false);
          if (removed !== undefined) onRemoved();
        }}
      >
        <p>{name} og forbindelserne til familien forsvinder fra stamtræet. Børn og forældre bliver stående. I kan fortryde bagefter.</p>
      </ConfirmDialog>
    </div>
  );
}
