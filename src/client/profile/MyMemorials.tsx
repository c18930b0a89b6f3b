/**
 * "Mine mindesider" on /profile: the memorials the person looks after, each with a way to see it
 * and to edit it, and a deleted one with the day it goes for good and (owner) a way to bring it back.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Eye, Pencil, Plus, RotateCcw } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { lifeSpan } from '@/client/memorials/dates';
import { PRIVACY_NAMES, type MemorialSummary } from '@/shared/memorials';

const ROLE_NAMES = { owner: 'Ejer', coadmin: 'Medadministrator', viewer: 'Læser' } as const;

export function MyMemorials() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['/api/user/memorials'],
    queryFn: ({ signal }) => apiRequest<{ memorials: MemorialSummary[] }>('GET', '/api/user/memorials', { signal }),
  });
  const restore = useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/memorials/${id}/restore`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['/api/user/memorials'] });
      await queryClient.invalidateQueries({ queryKey: ['memorial'] });
      toast({ title: 'Mindesiden er gendannet', description: 'Den kan ses igen som før.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) }),
  });

  return (
    <section aria-labelledby="mine-mindesider" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="mine-mindesider" className="text-2xl sm:text-3xl">
          Mine mindesider
        </h2>
        <Button asChild variant="secondary">
          <Link to="/create-memorial">
            <Plus aria-hidden="true" />
            Opret mindeside
          </Link>
        </Button>
      </div>
      {list.isPending || list.isError ? (
        <QueryStatus compact query={list} pending="Henter dine mindesider..." failed="Dine mindesider kunne ikke hentes" className="mt-6" />
      ) : list.data.memorials.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-input/70 px-5 py-6 text-center text-muted-foreground">
          Du har ikke oprettet en mindeside endnu.
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-border border-y border-border">
          {list.data.memorials.map((memorial) => (
            <li key={memorial.id} className="py-5">
              <p className="font-serif text-xl break-words">{memorial.name}</p>
              <p className="text-muted-foreground">
                {[lifeSpan(memorial.birthDate, memorial.deathDate), PRIVACY_NAMES[memorial.privacy], ROLE_NAMES[memorial.role]].filter(Boolean).join(' · ')}
              </p>
              {memorial.deletedAt ? (
                <div className="mt-3 flex flex-wrap items-center gap-3">
                  <p className="font-semibold text-destructive">Slettet. Kan gendannes til {new Date(memorial.restorableUntil!).toLocaleDateString('da-DK', { day: 'numeric', month: 'long', year: 'numeric' })}.</p>
                  {memorial.role === 'owner' ? (
                    <Button size="sm" variant="secondary" disabled={restore.isPending} onClick={() => restore.mutate(memorial.id)}>
                      <RotateCcw aria-hidden="true" />
                      Gendan<span className="sr-only"> {memorial.name}</span>
                    </Button>
                  ) : null}
                </div>
              ) : (
                <div className="mt-3 flex flex-wrap gap-3">
                  <Button asChild size="sm" variant="secondary">
                    <Link to={`/memorial/${memorial.slug}`}>
                      <Eye aria-hidden="true" />
                      Se<span className="sr-only"> mindesiden for {memorial.name}</span>
                    </Link>
                  </Button>
                  <Button asChild size="sm" variant="secondary">
                    <Link to={`/edit-memorial/${memorial.slug}`}>
                      <Pencil aria-hidden="true" />
                      Rediger<span className="sr-only"> mindesiden for {memorial.name}</span>
                    </Link>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
