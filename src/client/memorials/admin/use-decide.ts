/**
 * A decision on one or more posts, with its toast: what happened, in words ("3 indlæg er godkendt
 * og vises nu på mindesiden"), or "Fejl ved opdatering" with the server's message (SPEC.md §8).
 */
import { errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { Post } from '@/shared/posts-api';
import { KINDS } from './kinds';
import { type ModerationAction, useModerate } from './use-moderation';

const DONE: Record<ModerationAction, { title: string; verb: string; follows: string }> = {
  approve: { title: 'Godkendt', verb: 'godkendt', follows: 'vises nu på mindesiden.' },
  reject: { title: 'Afvist', verb: 'afvist', follows: 'bliver ikke vist på mindesiden.' },
  hide: { title: 'Skjult', verb: 'skjult', follows: 'vises ikke længere på mindesiden.' },
};

function doneToast(posts: Post[], action: ModerationAction) {
  const { title, verb, follows } = DONE[action];
  const first = posts[0]!;
  const shownAgain = action === 'approve' && first.status === 'hidden';
  if (posts.length === 1) return { title: shownAgain ? 'Vises igen' : title, description: `${KINDS[first.kind].label} fra ${first.name} ${follows}` };
  return { title: shownAgain ? 'Vises igen' : title, description: `${posts.length} indlæg er ${verb} og ${follows}` };
}

export function useDecide(memorialId: string) {
  const moderate = useModerate(memorialId);
  const decide = (posts: Post[], action: ModerationAction, onDone?: () => void) =>
    moderate.mutate(
      { posts, action },
      {
        onSuccess: ({ changed }) => {
          onDone?.();
          // Another administrator got there first: the lists are fetched again, and this says why they differ.
          if (changed < posts.length) {
            toast({
              variant: 'info',
              title: 'Nogle var allerede behandlet',
              description: `${changed} af ${posts.length} blev ${DONE[action].verb}. En anden administrator havde allerede taget sig af resten.`,
            });
            return;
          }
          toast(doneToast(posts, action));
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) }),
      },
    );
  return { decide, pending: moderate.isPending };
}
