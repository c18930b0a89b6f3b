/**
 * The cookie banner at the bottom of the page (SPEC.md §2 "Other shared UI"): not a modal, so the
 * page stays usable. While it shows, the page gets bottom padding of its height, so the footer's
 * last links can still be scrolled into view on a phone. Loaded by ConsentBanner.tsx only when
 * the visitor has no valid choice stored.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { ALL_PURPOSES, ONLY_NECESSARY, openConsentSettings, type ConsentChoices } from './consent-store';
import { saveChoices } from './save-choices';

export default function CookieBanner() {
  const [busy, setBusy] = useState(false);
  const banner = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--consent-banner-space', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-banner-space');
    };
  }, []);

  const choose = async (choices: ConsentChoices) => {
    setBusy(true);
    await saveChoices(choices);
    setBusy(false);
  };

  return (
    <section
      ref={banner}
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/97 text-card-foreground shadow-[0_-12px_32px_-16px_rgba(60,40,20,0.35)] backdrop-blur-sm"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-5 sm:px-6 lg:flex-row lg:items-center lg:gap-8">
        <div className="min-w-0 flex-1">
          <h2 id="cookie-banner-title" className="font-serif text-lg font-medium">
            Vi bruger cookies
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Nødvendige cookies får siden til at virke. Med dit samtykke bruger vi også cookies til statistik og forbedringer.{' '}
            {/* A plain link: the banner sits outside the app's router (overlays.tsx). */}
            <a href="/cookies" className="font-semibold text-foreground underline decoration-gold/60 underline-offset-4">
              Læs om cookies
            </a>
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
          <Button size="md" className="col-span-2 sm:order-3" disabled={busy} onClick={() => void choose(ALL_PURPOSES)}>
            Accepter alle
          </Button>
          <Button size="md" variant="secondary" className="px-3" disabled={busy} onClick={() => void choose(ONLY_NECESSARY)}>
            Kun nødvendige
          </Button>
          <Button size="md" variant="secondary" className="px-3" disabled={busy} onClick={openConsentSettings}>
            Indstillinger
          </Button>
        </div>
      </div>
    </section>
  );
}
