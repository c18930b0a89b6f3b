/**
 * One thread in the inbox, the whole row a link to it: who wrote, about what, the first words,
 * who has it, and when it last moved. A gold dot marks a thread whose newest message is the
 * sender's: our turn. On a phone the same facts stack in three lines.
 */
import { Link } from 'react-router';
import { MessageSquare } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import type { SupportThreadSummary } from '@/shared/support';
import { DataRequestMark } from './DataRequestMark';
import { whenExact, whenShort } from './when';

export function ThreadRow({ thread }: { thread: SupportThreadSummary }) {
  const waiting = thread.waitingForUs && thread.status !== 'closed';
  return (
    <Link
      to={`/admin/support/${thread.id}`}
      className={cn(
        'grid grid-cols-[0.75rem_minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 px-4 py-3 text-foreground no-underline hover:bg-secondary/60',
        'lg:grid-cols-[0.75rem_minmax(0,13rem)_minmax(0,1fr)_minmax(0,9rem)_7.5rem] lg:items-center lg:gap-x-5',
        'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring',
      )}
    >
      <span className="row-span-3 pt-2 lg:row-span-1 lg:pt-0">
        {waiting ? (
          <span className="block size-2.5 rounded-full bg-gold" title="Venter på svar fra os">
            <span className="sr-only">Venter på svar fra os. </span>
          </span>
        ) : null}
      </span>

      <span className="min-w-0 lg:order-none">
        <span className={cn('block truncate', waiting ? 'font-semibold' : 'font-medium')}>{thread.name}</span>
        <span className="hidden truncate text-sm text-muted-foreground lg:block">{thread.email}</span>
      </span>

      <time dateTime={thread.lastActivityAt} title={whenExact(thread.lastActivityAt)} className="text-right text-sm whitespace-nowrap text-muted-foreground lg:order-last">
        {whenShort(thread.lastActivityAt)}
      </time>

      <span className="col-span-2 min-w-0 lg:col-span-1">
        <span className={cn('block truncate', waiting && 'font-semibold')}>{thread.subject || 'Uden emne'}</span>
        {thread.answerBy ? <DataRequestMark answerBy={thread.answerBy} open={thread.status === 'new'} /> : null}
        <span className="line-clamp-2 text-sm text-muted-foreground lg:line-clamp-1">{thread.preview}</span>
      </span>

      <span className="col-span-2 flex min-w-0 items-center gap-3 pt-1 text-sm text-muted-foreground lg:col-span-1 lg:block lg:pt-0">
        <span className="truncate">{thread.assignee ? thread.assignee.fullName : <span className="italic">Ingen ansvarlig</span>}</span>
        {thread.replyCount > 0 ? (
          <span className="flex shrink-0 items-center gap-1 lg:mt-0.5" title={`${thread.replyCount} svar i sagen`}>
            <MessageSquare className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Svar i sagen: </span>
            {thread.replyCount}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
