/**
 * /theme-test: the five colour themes a family can choose (MEMORIAL_THEMES) side by side, each as
 * a small preview of the same example memorial, in the light and the dark site theme at once, so
 * a family (or we) can compare them without changing any setting.
 */
import { PageShell } from '@/client/components/layout/PageShell';
import { Ornament } from '@/client/components/ui/ornament';
import { cn } from '@/client/lib/cn';
import { usePageTitle } from '@/client/lib/page-title';
import { DEMO_MEMORIAL_SLUGS } from '@/shared/demo-memorials';
import { MEMORIAL_THEMES, type Memorial, type MemorialTheme, THEME_NAMES } from '@/shared/memorials';
import { danishDate } from '../dates';
import { LifeSpan } from '../LifeSpan';
import { Picture } from '../Picture';
import { useMemorial } from '../use-memorial';
import { DemoNote, DemoStatus } from './DemoStatus';

const MOODS: Record<MemorialTheme, string> = {
  lys: 'Varmt guld, som skæret fra et levende lys',
  skumring: 'Stille violet, som himlen lige efter solnedgang',
  skov: 'Mosgrønt og roligt, som en skovsti om foråret',
  hav: 'Dybt blåt, som havet en klar dag',
  rosa: 'Blid rosa, som en buket fra haven',
};

function Preview({ memorial, theme, mode }: { memorial: Memorial; theme: MemorialTheme; mode: 'light' | 'dark' }) {
  const portrait = memorial.media.find((item) => item.id === memorial.portraitId && item.kind === 'photo');
  const events = memorial.timeline.slice(0, 2);
  return (
    <figure className="min-w-0">
      {/* A scope of its own: the light previews stay light on a dark page, and the dark ones dark. */}
      {/* The ground colour sits on the scope: .memorial-paper's gradient would hide a background-color of its own. */}
      <div className={cn(mode === 'dark' ? 'dark' : 'memorial-light-scope', 'overflow-hidden rounded-xl border border-border bg-background text-foreground shadow-sm')}>
        <div data-memorial-theme={theme} className="memorial-paper px-5 pt-7 pb-6 text-center">
        {portrait ? (
          <div className="mx-auto size-20 overflow-hidden rounded-full border-4 border-card ring-1 ring-memorial-accent/40">
            <Picture item={portrait} sizes="80px" alt="" className="size-full object-cover" />
          </div>
        ) : null}
        <p className="mt-4 text-xs font-semibold tracking-[0.16em] text-memorial-accent-text uppercase">Til minde om</p>
        <p className="mt-1 font-serif text-2xl leading-tight">{memorial.name}</p>
        <LifeSpan birthDate={memorial.birthDate} deathDate={memorial.deathDate} className="mt-1 text-sm text-muted-foreground" />
        <Ornament className="mt-4 text-memorial-accent" />
        {memorial.epitaph ? <p className="mt-3 font-serif text-lg leading-snug italic">{memorial.epitaph}</p> : null}
        {events.length ? (
          <ul className="mt-5 space-y-3 border-l-2 border-memorial-accent/30 pl-4 text-left">
            {events.map((event) => (
              <li key={event.date + event.title} className="relative">
                <span aria-hidden="true" className="absolute top-1.5 -left-[23px] size-2.5 rounded-full bg-memorial-accent" />
                <span className="block text-xs font-semibold text-memorial-accent-text">{danishDate(event.date)}</span>
                <span className="block text-base leading-snug">{event.title}</span>
              </li>
            ))}
          </ul>
        ) : null}
        </div>
      </div>
      <figcaption className="mt-3 px-1">
        <span className="block font-serif text-xl">{THEME_NAMES[theme]}</span>
        <span className="block text-base text-muted-foreground">{MOODS[theme]}</span>
      </figcaption>
    </figure>
  );
}

export default function ThemeTestPage() {
  const memorial = useMemorial(DEMO_MEMORIAL_SLUGS.classic);
  usePageTitle('Farvetemaer');
  const data = memorial.data;
  return (
    <PageShell>
      {data ? (
        <div className="pb-24">
          <DemoNote>Alle forhåndsvisninger viser den samme eksempel-mindeside med opdigtede personer.</DemoNote>
          <div className="mx-auto max-w-7xl px-5 pt-12">
            <div className="text-center">
              <h1 className="text-4xl sm:text-5xl">Farvetemaer</h1>
              <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
                En mindeside kan få et af fem farvetemaer. Temaet farver pynt, datoer og livslinje – teksten er lige let at læse i dem alle, både i lyst og mørkt udseende.
              </p>
            </div>
            {(['light', 'dark'] as const).map((mode) => (
              <section key={mode} aria-labelledby={`tema-${mode}`} className="mt-14">
                <h2 id={`tema-${mode}`} className="text-3xl">
                  {mode === 'light' ? 'Lyst udseende' : 'Mørkt udseende'}
                </h2>
                <div className="mt-6 grid gap-x-5 gap-y-8 sm:grid-cols-2 lg:grid-cols-5">
                  {MEMORIAL_THEMES.map((theme) => (
                    <Preview key={theme} memorial={data} theme={theme} mode={mode} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        </div>
      ) : (
        <DemoStatus query={memorial} />
      )}
    </PageShell>
  );
}
