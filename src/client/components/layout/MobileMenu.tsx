/**
 * The "Menu" button of the header on a phone and a tablet. The side menu itself (and Radix Dialog
 * with it) loads on the first press: a family opening a memorial from the stone seldom needs it,
 * and its code would otherwise be fetched by every page before it is drawn.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import type { User } from '@/shared/auth';

const MobileMenuSheet = lazy(() => import('./MobileMenuSheet'));

interface MobileMenuProps {
  user: User | null;
  unreadBadge: string | null;
  isReseller: boolean;
}

/** The menu button, and once it has been pressed the side menu (kept mounted so it can animate out). */
export function MobileMenu({ user, unreadBadge, isReseller }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="relative inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-input/70 bg-card px-3.5 text-base font-semibold text-foreground hover:bg-secondary focus-visible:outline-3 focus-visible:outline-ring"
      >
        <Menu className="size-5" aria-hidden="true" />
        Menu
        {/* A quiet dot tells a phone user there is news behind the menu; the count is inside. */}
        {unreadBadge ? <span aria-hidden="true" className="absolute -top-1 -right-1 size-3 rounded-full border-2 border-background bg-primary" /> : null}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={() => button.current}
            user={user}
            unreadBadge={unreadBadge}
            isReseller={isReseller}
          />
        </Suspense>
      ) : null}
    </>
  );
}
