/**
 * What the family does with a finished greeting or song: show it to visitors (or take it off
 * again), try again while the order has tries left, or delete it after a question that says what
 * follows. Each answer of the server is said in a toast; the buttons name what they act on.
 */
import { useState } from 'react';
import { Check, EyeOff, RotateCcw, Send, Trash2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { AI_MESSAGES } from '@/shared/ai';
import type { Generation } from '@/shared/ai-api';
import type { AiCalls } from './api';
import { triesLeftText } from './words';

export interface ResultWords {
  /** "hilsenen", "sangen". */
  noun: string;
  publish: string;
  published: string;
  unpublish: string;
  publishedToast: string;
  unpublishedToast: string;
  /** What deleting takes away, after "Det kan ikke fortrydes." is said. */
  deleteText: string;
}

interface ResultActionsProps {
  generation: Generation;
  calls: AiCalls;
  words: ResultWords;
  triesLeft: number;
  /** Absent for an earlier try: only the newest is tried again. */
  onTryAgain?: () => void;
  /** Where focus goes once this try is deleted (its buttons leave with it). */
  onDeleted: () => void;
}

export function ResultActions({ generation, calls, words, triesLeft, onTryAgain, onDeleted }: ResultActionsProps) {
  const [asking, setAsking] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const published = generation.publishedAt !== null;
  const busy = calls.publish.isPending || calls.unpublish.isPending;

  const publish = () =>
    calls.publish.mutate(generation, {
      onSuccess: () => toast({ title: words.publishedToast }),
      onError: (error) => toast({ title: `${capital(words.noun)} blev ikke vist`, description: errorMessage(error), variant: 'destructive' }),
    });
  const unpublish = () =>
    calls.unpublish.mutate(generation, {
      onSuccess: () => toast({ title: words.unpublishedToast }),
      onError: (error) => toast({ title: `${capital(words.noun)} blev ikke fjernet`, description: errorMessage(error), variant: 'destructive' }),
    });
  const remove = () =>
    calls.remove.mutate(generation, {
      onSuccess: () => {
        setDeleted(true);
        setAsking(false);
        toast({ title: `${capital(words.noun)} er slettet` });
      },
      onError: (error) => toast({ title: `${capital(words.noun)} blev ikke slettet`, description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <div className="space-y-4">
      {published ? (
        <p className="inline-flex items-center gap-2 rounded-full border border-gold/50 bg-gold-soft px-4 py-1.5 text-base font-semibold">
          <Check className="size-5 text-gold-text" aria-hidden="true" />
          {words.published}
        </p>
      ) : null}
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-center">
        {published ? (
          <Button variant="secondary" size="lg" disabled={busy} onClick={unpublish}>
            <EyeOff aria-hidden="true" />
            {calls.unpublish.isPending ? 'Fjerner...' : words.unpublish}
          </Button>
        ) : (
          <Button size="lg" disabled={busy} onClick={publish}>
            <Send aria-hidden="true" />
            {calls.publish.isPending ? 'Gemmer...' : words.publish}
          </Button>
        )}
        {onTryAgain ? (
          <Button variant="secondary" size="lg" disabled={triesLeft <= 0} onClick={onTryAgain} aria-describedby={`forsoeg-${generation.id}`}>
            <RotateCcw aria-hidden="true" />
            Prøv igen
          </Button>
        ) : null}
        <Button variant="quiet" size="lg" className="text-destructive" onClick={() => setAsking(true)} aria-label={`Slet ${words.noun}`}>
          <Trash2 aria-hidden="true" />
          Slet
        </Button>
      </div>
      {onTryAgain ? (
        <p id={`forsoeg-${generation.id}`} className="text-base text-muted-foreground dark:text-foreground/80">
          {triesLeft > 0 ? triesLeftText(triesLeft) : AI_MESSAGES.noTriesLeft}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Slet ${words.noun}?`}
        confirmLabel={`Slet ${words.noun}`}
        pendingLabel="Sletter..."
        pending={calls.remove.isPending}
        onConfirm={remove}
        onCloseAutoFocus={(event) => {
          if (!deleted) return;
          event.preventDefault();
          onDeleted();
        }}
      >
        <p>
          {words.deleteText} Det kan ikke fortrydes.
          {published ? ' Den forsvinder også fra mindesiden.' : ''}
        </p>
      </ConfirmDialog>
    </div>
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
