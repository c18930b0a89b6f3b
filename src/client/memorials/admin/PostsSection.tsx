/**
 * The posts in four tabs: waiting (the default, with how many), approved, hidden and rejected.
 * Tabs as WAI-ARIA describes them: the arrow keys, Home and End move between them and show the
 * one they reach; Tab goes on into the list.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { cn } from '@/client/lib/cn';
import type { PostStatus } from '@/shared/posts-api';
import { DecidedList } from './DecidedList';
import { LISTS } from './kinds';
import { PendingList } from './PendingList';
import { useModerationList } from './use-moderation';

export function PostsSection({ memorialId }: { memorialId: string }) {
  const id = useId();
  const [shown, setShown] = useState<PostStatus>('pending');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  const waiting = useModerationList(memorialId, 'pending').data?.length;
  const current = LISTS.find((list) => list.status === shown)!;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = LISTS.findIndex((list) => list.status === shown);
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: LISTS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + LISTS.length) % LISTS.length;
    setShown(LISTS[next]!.status);
    tabs.current[next]?.focus();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-border bg-card/90 px-4 py-7 shadow-sm sm:px-8 sm:py-9">
      <h2 id={`${id}-title`} className="text-2xl sm:text-3xl">
        Lys, hilsner og minder
      </h2>
      <div role="tablist" aria-label="Vis" onKeyDown={onKeyDown} className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {LISTS.map((list, index) => {
          const selected = list.status === shown;
          return (
            <button
              key={list.status}
              ref={(node) => {
                tabs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${id}-${list.status}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setShown(list.status)}
              className={cn(
                'inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 text-base font-semibold transition-colors',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                selected ? 'border-primary bg-primary text-primary-foreground' : 'border-input/70 bg-card hover:bg-secondary',
              )}
            >
              {list.tab}
              {list.status === 'pending' && waiting ? (
                <span className={cn('min-w-7 rounded-full px-2 py-0.5 text-sm', selected ? 'bg-primary-foreground text-primary' : 'bg-gold-soft text-gold-text')}>{waiting}</span>
              ) : null}
            </button>
          );
        })}
      </div>

      <div ref={panel} id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${shown}`} tabIndex={-1} className="mt-6 focus:outline-none">
        {current.hint ? <p className="mb-5 text-muted-foreground">{current.hint}</p> : null}
        {shown === 'pending' ? (
          <PendingList memorialId={memorialId} empty={current.empty} onGone={() => panel.current?.focus()} />
        ) : (
          <DecidedList key={shown} memorialId={memorialId} status={shown} empty={current.empty} onGone={() => panel.current?.focus()} />
        )}
      </div>
    </section>
  );
}
