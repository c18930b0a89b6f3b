/**
 * Marks a request about personal data in the inbox and on its thread: the law gives a month to
 * answer (shared/contact.ts), so the deadline is shown, and in the alert colour once it has passed
 * while the request still waits.
 */
import { ShieldCheck } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { deadlineWords } from './when';

export function DataRequestMark({ answerBy, open }: { answerBy: string; open: boolean }) {
  const late = open && new Date(answerBy) < new Date();
  return (
    <span className={cn('mt-0.5 flex items-center gap-1.5 text-sm font-semibold', late ? 'text-destructive' : 'text-gold-text')}>
      <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Dataanmodning{open ? ` · ${deadlineWords(answerBy)}` : ''}
      </span>
    </span>
  );
}
