import { Link } from 'react-router';
import { Flame } from '@/client/components/ui/ornament';
import { cn } from '@/client/lib/cn';

/** The wordmark: a candle flame in a stone-shaped arch, and the name. Links to the front page. */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cn('inline-flex min-h-12 min-w-0 items-center gap-2.5 rounded-lg text-foreground no-underline', className)}
    >
      <span
        aria-hidden="true"
        className="flex h-10 w-8 items-end justify-center rounded-t-full border border-gold/60 bg-gold-soft/70 pb-1.5 text-gold"
      >
        <Flame className="h-5 w-3.5" />
      </span>
      <span className="font-serif text-[1.4rem] font-medium tracking-tight sm:text-2xl">Mindested</span>
    </Link>
  );
}
