/**
 * /support/reply/{token}: the link in our reply. The sender, often an older person on a phone,
 * sees the conversation so far in large type and answers in one field; no account. Opening the
 * link only shows it (GET); sending spends it. A used, expired or unknown link says so in Danish
 * and points to the contact form.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { CardPage } from '@/client/components/layout/CardPage';
import { LinkProblem } from '@/client/components/layout/LinkProblem';
import { PageShell } from '@/client/components/layout/PageShell';
import { cn } from '@/client/lib/cn';
import { usePageTitle } from '@/client/lib/page-title';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import {
  type PublicSupportThread,
  SUPPORT_REPLY_MAX,
  type SupportReplyInput,
  supportLinkWords,
  supportReplyBody,
  supportReplyTokenParams,
} from '@/shared/support';

// Danish time wherever the reader is, so the page and the e-mail give the same day.
const when = new Intl.DateTimeFormat('da-DK', { timeZone: 'Europe/Copenhagen', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

export default function SupportReplyPage() {
  const { token = '' } = useParams();
  const wellFormed = supportReplyTokenParams.safeParse({ token }).success;
  const path = `/api/support/reply/${encodeURIComponent(token)}`;
  const thread = useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => apiRequest<PublicSupportThread>('GET', path, { signal }),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
  });
  const send = useMutation({ mutationFn: (values: SupportReplyInput) => apiRequest<{ message: string }>('POST', path, { body: values }) });

  const invalid = !wellFormed || thread.isError;
  usePageTitle(invalid ? 'Linket virker ikke' : send.isSuccess ? 'Dit svar er kommet frem' : 'Svar på beskeden');

  let title = 'Svar på beskeden';
  let content;
  if (invalid) {
    title = 'Linket virker ikke';
    content = (
      <LinkProblem message={wellFormed ? errorMessage(thread.error) : supportLinkWords.unknown}>
        <Button asChild size="lg" className="w-full">
          <Link to="/contact">Skriv til os</Link>
        </Button>
      </LinkProblem>
    );
  } else if (send.isSuccess) {
    title = 'Dit svar er kommet frem';
    content = <Thanks message={send.data.message} />;
  } else if (!thread.data) {
    content = (
      <p role="status" className="text-center text-muted-foreground">
        Henter samtalen...
      </p>
    );
  } else {
    content = <Conversation thread={thread.data} sending={send.isPending} onSend={(values, onFieldError) => send.mutate(values, { onError: (error) => answerFailed(error, onFieldError) })} />;
  }

  return (
    <PageShell>
      <CardPage title={title} width="wide">
        {content}
      </CardPage>
    </PageShell>
  );
}

/** A refused answer: a word about the field goes to the field, anything else (a spent link, no connection) comes as a toast and the text stays. */
function answerFailed(error: Error, onFieldError: (message: string) => void) {
  if (error instanceof ApiError && error.status === 400 && error.field === 'body') {
    onFieldError(error.message);
    return;
  }
  toast({ variant: 'destructive', title: 'Dit svar blev ikke sendt', description: errorMessage(error), duration: 15_000 });
}

function Thanks({ message }: { message: string }) {
  return (
    <div className="text-center">
      <p className="text-lg">{message}</p>
      <Button asChild size="lg" variant="secondary" className="mt-8 w-full sm:w-auto">
        <Link to="/">Til forsiden</Link>
      </Button>
    </div>
  );
}

interface ConversationProps {
  thread: PublicSupportThread;
  sending: boolean;
  onSend: (values: SupportReplyInput, onFieldError: (message: string) => void) => void;
}

function Conversation({ thread, sending, onSend }: ConversationProps) {
  const form = useForm<SupportReplyInput>({ resolver: zodResolver(supportReplyBody), defaultValues: { body: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => onSend(values, (message) => form.setError('body', { message }, { shouldFocus: true })));

  return (
    <div className="space-y-8">
      <div className="text-center text-lg text-muted-foreground">
        <p>Kære {thread.name}</p>
        <p className="mt-2">Her er din samtale med Mindested{thread.subject ? <> om »{thread.subject}«</> : null}. Skriv dit svar nederst.</p>
      </div>

      <ol className="space-y-4" aria-label="Samtalen indtil nu">
        {thread.messages.map((message, index) => {
          const ours = message.from === 'mindested';
          return (
            <li key={index} className={cn('rounded-xl border px-4 py-4 text-lg sm:px-5', ours ? 'border-gold/40 bg-gold-soft/50' : 'border-border bg-background')}>
              <p className="text-base font-semibold">
                {ours ? 'Mindested skrev' : 'Du skrev'} <span className="font-normal text-muted-foreground">{when.format(new Date(message.createdAt))}</span>
              </p>
              <p className="mt-2 leading-relaxed break-words whitespace-pre-wrap">{message.body}</p>
            </li>
          );
        })}
      </ol>

      <form noValidate onSubmit={submit} className="space-y-6">
        <TextAreaField label="Dit svar" maxLength={SUPPORT_REPLY_MAX} className="text-lg" error={errors.body?.message} {...form.register('body')} />
        <Button type="submit" size="lg" className="w-full" disabled={sending}>
          {sending ? 'Sender...' : 'Send svar'}
        </Button>
        <p className="text-center text-muted-foreground">Vi svarer dig på e-mail. Linket her kan bruges én gang.</p>
      </form>
    </div>
  );
}
