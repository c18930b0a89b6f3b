/**
 * One message of a thread. The sender's are plain cards at the left; ours are tinted gold and set
 * in from the left, like the two sides of a conversation, and say who of us wrote them. What a
 * person wrote is text: React escapes it, and its line breaks and spaces are kept.
 */
import { cn } from '@/client/lib/cn';
import type { SupportMessage } from '@/shared/support';
import { whenExact, whenShort } from './when';

export function MessageCard({ message }: { message: SupportMessage }) {
  const ours = message.author === 'staff';
  return (
    <article
      className={cn(
        'rounded-xl border px-4 py-4 sm:px-5',
        ours ? 'ml-6 border-gold/40 bg-gold-soft/45 sm:ml-12 dark:bg-gold-soft/60' : 'mr-6 border-border bg-card sm:mr-12',
      )}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">
          {ours ? (
            <>
              {message.authorName ?? 'En tidligere medarbejder'} <span className="font-normal text-muted-foreground">· Mindested</span>
            </>
          ) : (
            message.authorName
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          {ours ? 'Sendt på e-mail ' : 'Skrev '}
          <time dateTime={message.createdAt} title={whenExact(message.createdAt)}>
            {whenShort(message.createdAt)}
          </time>
        </p>
      </header>
      <p className="mt-2 leading-relaxed break-words whitespace-pre-wrap">{message.body}</p>
    </article>
  );
}
