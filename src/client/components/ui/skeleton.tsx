/**
 * A grey shape standing in for content that is on its way (a back-office page's figures), so the
 * page keeps its layout when it arrives. Pulses gently, and keeps still for those who ask for less
 * motion. The page says what it is loading in a status line beside it, for screen readers.
 */
import { cn } from '@/client/lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-secondary motion-reduce:animate-none', className)} />;
}
