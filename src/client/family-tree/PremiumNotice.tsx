/**
 * What the family sees instead of the tree's forms while the memorial has no Premium: the
 * server's own sentence (FAMILY_TREE_MESSAGES.premium) and the way to buy it. Never a warning:
 * what they built is kept, and visitors see it again once Premium is there.
 */
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/client/components/ui/button';
import { FAMILY_TREE_MESSAGES } from '@/shared/family-tree';
import { SUBSCRIPTION_PATH } from '@/shared/premium';

export function PremiumNotice() {
  return (
    <section aria-labelledby="stamtrae-premium" className="rounded-2xl border border-gold/50 bg-gold-soft/40 px-5 py-6 sm:px-8">
      <h2 id="stamtrae-premium" className="flex items-center gap-2 text-2xl">
        <Sparkles className="size-6 text-gold-text" aria-hidden="true" />
        Byg stamtræet med Premium
      </h2>
      <p className="mt-2">{FAMILY_TREE_MESSAGES.premium}</p>
      <p className="mt-1 text-muted-foreground dark:text-foreground/80">Det, I allerede har lagt ind, bliver gemt. Besøgende ser stamtræet, når mindesiden har Premium.</p>
      <Link to={SUBSCRIPTION_PATH} className={buttonClass('primary', 'md', 'mt-5 w-full sm:w-auto')}>
        Se Premium
      </Link>
    </section>
  );
}
