/**
 * The frame of a legal text (/privacy, /terms, /cookies, /reseller-terms): title, date, a short
 * introduction, a table of contents that links to each section, and the sections in a column no
 * wider than a comfortable line (about 70 characters).
 */
import type { ReactNode } from 'react';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** The date every document carries; changed when a text changes in substance. */
export const LEGAL_UPDATED = '22. november 2026';
/** The privacy and cookie pages changed on their own: how long things are kept (server/privacy/purges.ts). */
export const PRIVACY_UPDATED = '25. november 2026';

/** A legal page's heading, under a short gold rule. */
export function LegalTitle({ children }: { children: ReactNode }) {
  return (
    <>
      <div aria-hidden="true" className="mb-6 h-px w-16 bg-gold/70" />
      <h1 className="text-[2.2rem] leading-tight hyphens-auto sm:text-5xl">{children}</h1>
    </>
  );
}

export function LegalPage({ title, updated, intro, sections }: LegalPageProps) {
  usePageTitle(title);
  return (
    <PageShell>
      <article className="mx-auto max-w-[70ch] px-5 py-12 sm:px-6 sm:py-20">
        <header>
          <LegalTitle>{title}</LegalTitle>
          <p className="mt-4 text-base text-muted-foreground">Senest opdateret {updated}</p>
          <div className="mt-8 space-y-4 text-lg">{intro}</div>
        </header>

        <nav aria-labelledby="indholdsfortegnelse" className="mt-10 rounded-xl border border-border bg-card/70 px-6 py-5">
          <h2 id="indholdsfortegnelse" className="font-sans text-base font-semibold tracking-[0.08em] text-muted-foreground uppercase">
            Indhold
          </h2>
          <ol className="mt-3 space-y-0.5">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-11 items-center gap-3 rounded-md text-foreground underline decoration-border underline-offset-4 hover:decoration-gold"
                >
                  <span aria-hidden="true" className="w-6 text-right font-serif text-gold-text">
                    {index + 1}.
                  </span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titel`} className="mt-14 scroll-mt-6">
            <h2 id={`${section.id}-titel`} className="text-2xl sm:text-3xl">
              <span className="text-gold-text">{index + 1}.</span> {section.title}
            </h2>
            <div className="mt-5 space-y-4">{section.body}</div>
          </section>
        ))}
      </article>
    </PageShell>
  );
}
