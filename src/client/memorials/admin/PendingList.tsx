/**
 * The queue: what visitors left that waits for a decision, oldest first. Each post is approved or
 * rejected on its own, or several at once with the tick boxes. Rejecting cannot be undone, so
 * rejecting more than one asks first.
 */
import { useEffect, useRef, useState } from 'react';
import { Check, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import type { Post } from '@/shared/posts-api';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { KINDS } from './kinds';
import { ListState } from './ListState';
import { PostCard } from './PostCard';
import { useDecide } from './use-decide';
import { useModerationList } from './use-moderation';

export function PendingList({ memorialId, empty, onGone }: { memorialId: string; empty: string; onGone: () => void }) {
  const list = useModerationList(memorialId, 'pending');
  const { decide, pending } = useDecide(memorialId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const answered = useRef(false);
  const posts = list.data ?? [];
  // Only what is still in the queue counts as chosen (another administrator may have decided the rest).
  const selected = posts.filter((p) => chosen.has(p.id));

  const choose = (post: Post, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(post.id);
      else next.delete(post.id);
      return next;
    });

  /** Decides, and keeps the keyboard in the list when the post (and its buttons) leave it. */
  const decideNow = (which: Post[], action: 'approve' | 'reject') => {
    // From the dialog, focus comes back when it closes (onCloseAutoFocus below).
    if (!confirming) onGone();
    decide(which, action, () => {
      answered.current = confirming;
      setConfirming(false);
      setChosen((current) => new Set([...current].filter((id) => !which.some((p) => p.id === id))));
    });
  };

  if (posts.length === 0) return <ListState query={list} empty={empty} />;

  return (
    <div className="space-y-5">
      <BulkBar
        count={posts.length}
        selected={selected.length}
        onAll={(on) => setChosen(new Set(on ? posts.map((p) => p.id) : []))}
        onApprove={() => decideNow(selected, 'approve')}
        onReject={() => (selected.length > 1 ? setConfirming(true) : decideNow(selected, 'reject'))}
      />
      <ul aria-label="Venter på godkendelse" className="space-y-4">
        {posts.map((post) => {
          const what = `${KINDS[post.kind].label.toLowerCase()} fra ${post.name}`;
          return (
            <PostCard key={post.id} post={post} selected={chosen.has(post.id)} onSelect={(on) => choose(post, on)}>
              <Button className="flex-1 sm:flex-none" aria-label={`Godkend ${what}`} onClick={() => decideNow([post], 'approve')}>
                <Check aria-hidden="true" />
                Godkend
              </Button>
              <Button variant="secondary" className="flex-1 sm:flex-none" aria-label={`Afvis ${what}`} onClick={() => decideNow([post], 'reject')}>
                <X aria-hidden="true" />
                Afvis
              </Button>
            </PostCard>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Afvis ${selected.length} indlæg?`}
        confirmLabel="Afvis dem"
        pendingLabel="Afviser..."
        pending={pending}
        onConfirm={() => decideNow(selected, 'reject')}
        onCloseAutoFocus={(event) => {
          // The button that opened it is disabled once nothing is chosen: back to the list instead.
          if (!answered.current) return;
          answered.current = false;
          event.preventDefault();
          onGone();
        }}
      >
        <p>De bliver aldrig vist på mindesiden, og det kan ikke fortrydes. Du kan stadig læse dem under &quot;Afvist&quot;, til vi sletter dem i løbet af det næste døgn.</p>
      </ConfirmDialog>
    </div>
  );
}

interface BulkBarProps {
  count: number;
  selected: number;
  onAll: (on: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
}

function BulkBar({ count, selected, onAll, onApprove, onReject }: BulkBarProps) {
  const all = useRef<HTMLInputElement>(null);
  const some = selected > 0 && selected < count;
  useEffect(() => {
    if (all.current) all.current.indeterminate = some;
  }, [some]);
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-muted/70 p-3 sm:flex-row sm:items-center sm:justify-between sm:px-4">
      <div className="flex items-center gap-4">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring">
          <input ref={all} type="checkbox" checked={selected === count} onChange={(event) => onAll(event.target.checked)} className="size-6 cursor-pointer accent-primary focus-visible:outline-none" />
          Vælg alle
        </label>
        <p aria-live="polite" className="text-muted-foreground">
          {selected > 0 ? `${selected} valgt` : ''}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="sm" onClick={onApprove} disabled={selected === 0}>
          <Check aria-hidden="true" />
          Godkend valgte
        </Button>
        <Button size="sm" variant="secondary" onClick={onReject} disabled={selected === 0}>
          <X aria-hidden="true" />
          Afvis valgte
        </Button>
      </div>
    </div>
  );
}
