/**
 * What the demo pages show instead of a demo memorial that is still loading or is not there: a
 * calm explanation (a server on PostgreSQL is only seeded with SEED_DEMO=1), never an error dump.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import type { Memorial } from '@/shared/memorials';

const NOT_HERE = {
  title: 'Eksemplet er ikke lagt ind her',
  text: 'Denne side viser normalt en eksempel-mindeside, men på denne server er eksemplerne ikke lagt ind. De kommer automatisk med, når Mindested startes første gang på den indbyggede database.',
  action: <Link to="/">Gå til forside</Link>,
};

export function DemoStatus({ query }: { query: UseQueryResult<Memorial> }) {
  // Never made here (404), or made and deleted since (410): either way there is no example to show.
  return <QueryStatus query={query} pending="Henter eksemplet..." refusals={{ 404: NOT_HERE, 410: NOT_HERE }} failed="Eksemplet kunne ikke hentes" />;
}

/** The small note above a demo page: an example, made up, and where to see more. */
export function DemoNote({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-5 pt-6">
      <p className="rounded-lg border border-gold/40 bg-gold-soft/60 px-4 py-3 text-center text-base text-foreground/90">{children}</p>
    </div>
  );
}
