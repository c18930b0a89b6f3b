/**
 * Our reply, sent to the sender by e-mail with a link to answer. The rules are supportReplyBody's,
 * the server's own, so the words at the field are the server's. On success the reply is in the
 * thread above at once (the call answers with the thread) and the field is emptied.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/client/components/ui/button';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { ApiError, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { SUPPORT_REPLY_MAX, type SupportReplyInput, type SupportThread, supportReplyBody } from '@/shared/support';
import { useThreadAction } from './support-queries';

export function ReplyForm({ thread }: { thread: SupportThread }) {
  const form = useForm<SupportReplyInput>({ resolver: zodResolver(supportReplyBody), defaultValues: { body: '' } });
  const send = useThreadAction<SupportReplyInput>(thread.id, 'replies');
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        form.reset({ body: '' });
        toast({ title: 'Svaret er sendt', description: `Det er på vej til ${thread.email}.` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.field === 'body') {
          form.setError('body', { message: error.message }, { shouldFocus: true });
          return;
        }
        toast({ variant: 'destructive', title: 'Svaret blev ikke sendt', description: errorMessage(error) });
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-xl border border-border bg-card p-4 sm:p-5">
      <TextAreaField
        label={`Svar til ${thread.name}`}
        hint={`Sendes på e-mail til ${thread.email} med et link, hvor ${thread.name} kan svare direkte i sagen.`}
        maxLength={SUPPORT_REPLY_MAX}
        rows={6}
        error={errors.body?.message}
        {...form.register('body')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sender...' : 'Send svar'}
        </Button>
        {thread.status === 'closed' ? <p className="text-sm text-muted-foreground">Sagen er lukket; et svar åbner den igen som besvaret.</p> : null}
      </div>
    </form>
  );
}
