/**
 * "Historik": what staff have done to an account (or a reseller), newest first: who, what in
 * words, when, from where, and what the action adds (a reason, a rate) under it.
 */
import type { ReactNode } from 'react';
import { type StaffActionEntry, describeAction } from '@/shared/people';
import { danishMoment } from './format';
import { Panel } from '../Panel';

interface HistoryProps {
  entries: StaffActionEntry[];
  /** Said when nothing has been done yet. */
  empty?: string;
  /** A line under the action for what its details tell (a reason, from and to). */
  detail?: (entry: StaffActionEntry) => ReactNode;
}

export function PersonHistory({ entries, empty = 'Personalet har ikke gjort noget ved kontoen endnu.', detail }: HistoryProps) {
  return (
    <Panel title="Historik">
      {entries.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ol className="divide-y divide-border">
          {entries.map((entry) => {
            const more = detail?.(entry);
            return (
              <li key={entry.id} className="py-2.5">
                <p className="font-semibold">{describeAction(entry)}</p>
                {more ? <p className="mt-0.5 break-words">{more}</p> : null}
                <p className="text-sm text-muted-foreground">
                  {entry.actorName} · <time dateTime={entry.at}>{danishMoment(entry.at)}</time>
                  {entry.ip ? ` · IP ${entry.ip}` : ''}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
