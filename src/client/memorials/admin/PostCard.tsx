/**
 * One post as its administrators read it: what kind it is, who wrote it, when, and the words
 * exactly as written (text, never HTML: React escapes it, and line breaks are kept). The buttons
 * and the tick box for choosing several come from the list it stands in.
 */
import { type ReactNode, useId } from 'react';
import type { Post } from '@/shared/posts-api';
import { Picture } from '../Picture';
import { KINDS, postedAt } from './kinds';

interface PostCardProps {
  post: Post;
  /** The tick box for choosing it among several (the waiting list only). */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  children?: ReactNode;
}

export function PostCard({ post, selected, onSelect, children }: PostCardProps) {
  const id = useId();
  const kind = KINDS[post.kind];
  const Icon = kind.icon;
  return (
    <li
      aria-labelledby={`${id}-name`}
      className="rounded-xl border border-border bg-background/70 px-4 py-5 shadow-xs has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary sm:px-6"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {onSelect ? (
          // The whole square around the box is the tap target.
          <label className="-my-2 -ml-2 flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring">
            <input
              type="checkbox"
              checked={selected ?? false}
              onChange={(event) => onSelect(event.target.checked)}
              aria-label={`Vælg ${kind.label.toLowerCase()} fra ${post.name}`}
              className="size-6 cursor-pointer accent-primary focus-visible:outline-none"
            />
          </label>
        ) : null}
        <span className="inline-flex items-center gap-1.5 rounded-full bg-gold-soft px-3 py-1 text-sm font-semibold text-gold-text">
          <Icon className="size-4" aria-hidden="true" />
          {kind.label}
        </span>
        <time dateTime={post.createdAt} className="text-sm text-muted-foreground">
          {postedAt(post.createdAt)}
        </time>
      </div>
      <p id={`${id}-name`} className="mt-3 font-serif text-xl font-semibold break-words">
        {post.name}
      </p>
      {post.message ? (
        <p className="mt-2 text-lg leading-relaxed break-words whitespace-pre-line">{post.message}</p>
      ) : (
        <p className="mt-2 text-muted-foreground italic">Tændte et lys uden at skrive noget.</p>
      )}
      {post.photo ? (
        // Large enough to judge before it is shown to every visitor.
        <div className="mt-4 max-w-full overflow-hidden rounded-lg border border-border bg-muted" style={{ width: `${Math.round(Math.min(320, (320 * post.photo.width) / post.photo.height, post.photo.width))}px` }}>
          <Picture item={post.photo} sizes="320px" alt={`Billede delt af ${post.name}`} className="block h-auto w-full" />
        </div>
      ) : null}
      {children ? <div className="mt-5 flex flex-wrap gap-3">{children}</div> : null}
    </li>
  );
}
