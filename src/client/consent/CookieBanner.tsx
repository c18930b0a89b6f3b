/**
 * The cookie banner at the bottom of the page (SPEC.md §2 "Other shared UI"): not a modal, so the
 * page stays usable. Markup only: the server writes it last into every page (prerender.tsx,
 * src/server/client-html.ts), public/consent-init.js shows it before the first paint when no valid
 * choice is stored, and cookie-banner.ts gives its buttons life without the app. A visitor's
 * memorial page can so ask at once and still load its app only when the visitor reaches for it.
 *
 * Sticky rather than fixed, and last in <body>: it rests on the bottom of the screen while the
 * page scrolls behind it, and at the end of the page it sits below the footer, so the footer's
 * last links can be scrolled clear of it without measuring its height.
 */
import { Button } from '@/client/components/ui/button';
import { COOKIE_BANNER_ID } from './cookie-banner';

export function CookieBanner() {
  return (
    <section
      id={COOKIE_BANNER_ID}
      aria-labelledby="cookie-banner-title"
      className="sticky bottom-0 z-40 border-t border-border bg-card/97 text-card-foreground shadow-[0_-12px_32px_-16px_rgba(60,40,20,0.35)] backdrop-blur-sm"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-5 sm:px-6 lg:flex-row lg:items-center lg:gap-8">
        <div className="min-w-0 flex-1">
          <h2 id="cookie-banner-title" className="font-serif text-lg font-medium">
            Vi bruger cookies
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Nødvendige cookies får siden til at virke. Med dit samtykke bruger vi også cookies til statistik og forbedringer.{' '}
            <a href="/cookies" className="font-semibold text-foreground underline decoration-gold/60 underline-offset-4">
              Læs om cookies
            </a>
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
          <Button size="md" className="col-span-2 sm:order-3" data-consent-choice="all">
            Accepter alle
          </Button>
          <Button size="md" variant="secondary" className="px-3" data-consent-choice="necessary">
            Kun nødvendige
          </Button>
          <Button size="md" variant="secondary" className="px-3" data-consent-choice="settings">
            Indstillinger
          </Button>
        </div>
      </div>
    </section>
  );
}
