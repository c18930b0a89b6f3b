import { cn } from '@/client/lib/cn';

/** A small candle flame between two hairlines: the product's quiet signature above a heading. */
export function Ornament({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('flex items-center justify-center gap-3 text-gold', className)}>
      <span className="h-px w-10 bg-gradient-to-r from-transparent to-gold/70" />
      <Flame className="h-6 w-4" />
      <span className="h-px w-10 bg-gradient-to-l from-transparent to-gold/70" />
    </div>
  );
}

export function Flame({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 24" className={className} fill="none" aria-hidden="true">
      <path
        d="M8 1.5c.6 3.2 5.5 6.6 5.5 12.2A5.5 5.5 0 0 1 8 19.5a5.5 5.5 0 0 1-5.5-5.8C2.5 9.6 6 8.2 8 1.5Z"
        fill="currentColor"
        opacity="0.9"
      />
      <path d="M8 10.5c.3 1.6 2.6 3 2.6 5.3A2.6 2.6 0 0 1 8 18.4a2.6 2.6 0 0 1-2.6-2.6c0-1.9 1.7-2.6 2.6-5.3Z" fill="#fff6df" />
      <rect x="7.25" y="19.5" width="1.5" height="3.5" rx="0.75" fill="currentColor" opacity="0.55" />
    </svg>
  );
}
