/**
 * Deleting a memorial (its owner only). Nothing is gone at once: for 30 days the owner can bring
 * it back from here or from the profile, which the confirmation says in plain words.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RotateCcw, Trash2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Notice } from '@/client/components/ui/notice';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { RESTORE_DAYS, type Memorial } from '@/shared/memorials';
import { danishDate } from '../dates';
import { rememberMemorial } from '../save';
import { EditSection } from './EditSection';

export function DeleteSection({ memorial }: { memorial: Memorial }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/memorials/${memorial.id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['memorial'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/user/memorials'] });
      toast({ title: 'Mindesiden er slettet', description: `Du kan gendanne den fra din profil i ${RESTORE_DAYS} dage.` });
      void navigate('/profile');
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Fejl ved sletning', description: errorMessage(error) }),
  });

  return (
    <EditSection id="slet" title="Slet mindesiden">
      <p className="text-muted-foreground">
        Siden forsvinder for alle besøgende, og QR-koden viser ikke længere siden. I {RESTORE_DAYS} dage kan du gendanne den med alt indhold.
      </p>
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="secondary" className="mt-6 w-full border-destructive/50 text-destructive sm:w-auto">
            <Trash2 aria-hidden="true" />
            Slet mindesiden
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Slet mindesiden for {memorial.name}?</DialogTitle>
          <DialogDescription className="mt-3 text-muted-foreground">
            Siden, billederne og hilsnerne skjules med det samme. Du kan gendanne det hele fra din profil i {RESTORE_DAYS} dage; derefter slettes det for altid.
          </DialogDescription>
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Behold siden</Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Sletter...' : 'Ja, slet mindesiden'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </EditSection>
  );
}

/** Shown on the edit page of a deleted memorial: when it goes for good, and (owner) bring it back. */
export function DeletedNotice({ memorial }: { memorial: Memorial }) {
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: () => apiRequest<Memorial>('POST', `/api/memorials/${memorial.id}/restore`),
    onSuccess: (restored) => {
      rememberMemorial(queryClient, restored);
      toast({ title: 'Mindesiden er gendannet', description: 'Den kan ses igen som før.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) }),
  });
  const until = new Date(new Date(memorial.deletedAt!).getTime() + RESTORE_DAYS * 86_400_000).toISOString().slice(0, 10);

  return (
    <Notice tone="problem" title="Mindesiden er slettet">
      <p>Ingen besøgende kan se den. Den kan gendannes indtil {danishDate(until)}.</p>
      {memorial.viewer.role === 'owner' ? (
        <Button className="mt-4" disabled={restore.isPending} onClick={() => restore.mutate()}>
          <RotateCcw aria-hidden="true" />
          {restore.isPending ? 'Gendanner...' : 'Gendan mindesiden'}
        </Button>
      ) : null}
    </Notice>
  );
}
