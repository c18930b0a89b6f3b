/**
 * "Seneste handlinger": the audit log's newest rows as sentences (who did what to whom, when),
 * the account acted on a link to its page.
 */
import { Link } from 'react-router';
import type { StaffActivity } from '@/shared/dashboard';
import { staffActionWords } from '@/shared/staff-actions';

const ZONE = 'Europe/Copenhagen';
const time = new Intl.DateTimeFormat('da-DK', { hour: '2-digit', minute: '2-digit', timeZone: ZONE });
const date = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'short', timeZone: ZONE });
const dateWithYear = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'short', year: 'numeric', timeZone: ZONE });
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE });

/** "i dag 14.32", "i går 09.10", "3. nov. 14.32", "3. nov. 2024": near times near, far ones by date. */
export function whenInWords(at: Date, now: Date): string {
  const day = dayKey.format(at);
  if (day === dayKey.format(now)) return `i dag ${time.format(at)}`;
  if (day === dayKey.format(new Date(now.getTime() - 24 * 60 * 60_000))) return `i går ${time.format(at)}`;
  if (now.getTime() - at.getTime() > 300 * 24 * 60 * 60_000) return dateWithYear.format(at);
  return `${date.format(at)} ${time.format(at)}`;
}

export function ActivityList({ activity }: { activity: StaffActivity[] }) {
  if (activity.length === 0) return <p className="text-muted-foreground">Ingen handlinger endnu.</p>;
  const now = new Date();
  return (
    <ol className="divide-y divide-border/70">
      {activity.map((row) => {
        const { done, to } = staffActionWords(row.action);
        const at = new Date(row.at);
        return (
          <li key={row.id} className="flex flex-col gap-x-4 gap-y-0.5 py-2.5 sm:flex-row sm:items-baseline sm:justify-between">
            <p className="min-w-0">
              <span className="font-semibold">{row.actorName}</span> {done}
              {row.target ? (
                <>
                  {to ? ` ${to} ` : ' · '}
                  {row.target.name ? (
                    <Link to={`/admin/users/${row.target.id}`} className="font-semibold underline decoration-input underline-offset-4 hover:decoration-foreground">
                      {row.target.name}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">en slettet konto</span>
                  )}
                </>
              ) : null}
            </p>
            <time dateTime={row.at} className="shrink-0 text-sm text-muted-foreground tabular-nums">
              {whenInWords(at, now)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
