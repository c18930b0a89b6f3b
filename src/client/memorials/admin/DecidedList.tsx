/**
 * The posts already decided on: the approved ones (which can be hidden again), the hidden ones
 * (which can be shown again), and the rejected ones, which are only there to be read.
 */
import { Eye, EyeOff } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import type { Post, PostStatus } from '@/shared/posts-api';
import { KINDS } from './kinds';
import { ListState } from './ListState';
import { PostCard } from './PostCard';
import { useDecide } from './use-decide';
import { useModerationList } from './use-moderation';

const ACTIONS = {
  approved: { action: 'hide', label: 'Skjul', icon: EyeOff },
  hidden: { action: 'approve', label: 'Vis igen', icon: Eye },
} as const;

const LIST_NAMES: Partial<Record<PostStatus, string>> = { approved: 'Godkendt', hidden: 'Skjult', rejected: 'Afvist' };

export function DecidedList({ memorialId, status, empty, onGone }: { memorialId: string; status: 'approved' | 'hidden' | 'rejected'; empty: string; onGone: () => void }) {
  const list = useModerationList(memorialId, status);
  const { decide } = useDecide(memorialId);
  const posts = list.data ?? [];
  if (posts.length === 0) return <ListState query={list} empty={empty} />;

  const step = status === 'rejected' ? null : ACTIONS[status];
  const act = (post: Post) => {
    if (!step) return;
    onGone();
    decide([post], step.action);
  };
  return (
    <ul aria-label={LIST_NAMES[status]} className="space-y-4">
      {posts.map((post) => (
        <PostCard key={post.id} post={post}>
          {step ? (
            <Button variant="secondary" className="w-full sm:w-auto" aria-label={`${step.label} ${KINDS[post.kind].label.toLowerCase()} fra ${post.name}`} onClick={() => act(post)}>
              <step.icon aria-hidden="true" />
              {step.label}
            </Button>
          ) : null}
        </PostCard>
      ))}
    </ul>
  );
}
