/** "Historik": what staff have done to the account, newest first: who, what in words, when, from where. */
import { type StaffActionEntry, describeAction } from '@/shared/people';
import { danishMoment } from './format';
import { Panel } from '../Panel';

export function PersonHistory({ entries }: { entries: StaffActionEntry[] }) {
  return (
    <Panel title="Historik">
      {entries.length === 0 ? (
        <p className="text-muted-foreground">Personalet har ikke gjort noget ved kontoen endnu.</p>
      ) : (
        <ol className="divide-y divide-border">
          {entries.map((entry) => (
            <li key={entry.id} className="py-2.5">
              <p className="font-semibold">{describeAction(entry)}</p>
              <p className="text-sm text-muted-foreground">
                {entry.actorName} · <time dateTime={entry.at}>{danishMoment(entry.at)}</time>
                {entry.ip ? ` · IP ${entry.ip}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
