/**
 * /admin/support/{id}: one thread. The messages oldest first (the sender's and ours told apart at
 * a glance), the reply form under them, and beside them who has the thread and its status.
 * Every action answers with the thread, which is shown at once.
 */
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { useUser } from '@/client/lib/use-user';
import type { SupportAssignInput, SupportStatusInput, SupportThread } from '@/shared/support';
import { AdminLayout } from '../AdminLayout';
import { AssigneeSelect } from './AssigneeSelect';
import { DataRequestMark } from './DataRequestMark';
import { MessageCard } from './MessageCard';
import { ReplyForm } from './ReplyForm';
import { StatusBadge } from './StatusBadge';
import { useSupportThread, useThreadAction } from './support-queries';
import { whenExact } from './when';

const BACK = (
  <Button asChild variant="secondary" size="sm">
    <Link to="/admin/support">
      <ArrowLeft aria-hidden="true" />
      Til indbakken
    </Link>
  </Button>
);

export default function SupportThreadPage() {
  const { id = '' } = useParams();
  const thread = useSupportThread(id);

  if (!thread.data) {
    return (
      <AdminLayout title="Support" actions={BACK}>
        <QueryStatus query={thread} pending="Henter sagen..." failed="Sagen kunne ikke hentes" compact />
      </AdminLayout>
    );
  }
  return <Thread thread={thread.data} />;
}

function Thread({ thread }: { thread: SupportThread }) {
  const { user } = useUser();
  const status = useThreadAction<SupportStatusInput>(thread.id, 'status');
  const assign = useThreadAction<SupportAssignInput>(thread.id, 'assign');
  const closed = thread.status === 'closed';

  const setStatus = (next: SupportStatusInput['status']) =>
    status.mutate(
      { status: next },
      {
        onSuccess: () => toast({ title: next === 'closed' ? 'Sagen er lukket' : 'Sagen er åbnet igen', description: next === 'closed' ? 'Du kan åbne den igen når som helst.' : 'Den ligger nu under Nye.' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Sagen blev ikke ændret', description: errorMessage(error) }),
      },
    );

  const statusButton = closed ? (
    <Button variant="secondary" size="sm" onClick={() => setStatus('new')} disabled={status.isPending}>
      {status.isPending ? 'Åbner...' : 'Genåbn'}
    </Button>
  ) : (
    <Button variant="secondary" size="sm" onClick={() => setStatus('closed')} disabled={status.isPending}>
      {status.isPending ? 'Lukker...' : 'Luk sagen'}
    </Button>
  );

  return (
    <AdminLayout
      title={thread.subject || 'Besked uden emne'}
      description={
        <>
          Fra {thread.name} ·{' '}
          <a href={`mailto:${thread.email}`} className="break-all">
            {thread.email}
          </a>
          {thread.answerBy ? <DataRequestMark answerBy={thread.answerBy} open={thread.status === 'new'} /> : null}
        </>
      }
      actions={
        <>
          {BACK}
          {statusButton}
        </>
      }
    >
      {/* On a phone the thread's facts (status, who has it) come first, above the conversation. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start xl:gap-8">
        <div className="min-w-0 space-y-4">
          <ol className="space-y-4" aria-label="Beskeder i sagen">
            {thread.messages.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ol>
          <ReplyForm thread={thread} />
        </div>

        <aside aria-label="Om sagen" className="order-first space-y-5 rounded-xl border border-border bg-card p-5 lg:sticky lg:top-6 lg:order-none">
          <div>
            <p className="text-sm font-semibold text-muted-foreground">Status</p>
            <StatusBadge status={thread.status} className="mt-1.5" />
          </div>
          <AssigneeSelect
            thread={thread}
            me={user?.id}
            pending={assign.isPending}
            onChange={(userId) =>
              assign.mutate(
                { userId },
                {
                  onSuccess: (next) => toast({ title: next.assignee ? `Sagen er givet til ${next.assignee.fullName}` : 'Sagen har ingen ansvarlig nu' }),
                  onError: (error) => toast({ variant: 'destructive', title: 'Sagen blev ikke givet videre', description: errorMessage(error) }),
                },
              )
            }
          />
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-semibold text-muted-foreground">Modtaget</dt>
              <dd>{whenExact(thread.createdAt)}</dd>
            </div>
            <div>
              <dt className="font-semibold text-muted-foreground">Konto</dt>
              <dd>
                {!thread.userId ? (
                  'Skrev uden at være logget ind'
                ) : user?.role === 'admin' ? (
                  <Link to={`/admin/users/${thread.userId}`}>Se afsenderens konto</Link>
                ) : (
                  'Skrev logget ind på sin konto'
                )}
              </dd>
            </div>
          </dl>
        </aside>
      </div>
    </AdminLayout>
  );
}
