/** What a visitor can do on a memorial page: light a candle, write in the guestbook, listen to a film the family added. */
import { Music2, Play } from 'lucide-react';
import { Flame } from '@/client/components/ui/ornament';
import { Story, VignetteCard } from './Story';

const candles = ['Birthe', 'Jens og børnene', 'Naboerne på Kirkevej', 'Lone', 'Mads', 'Din gamle kollega Ib'];

export function CandleSection() {
  return (
    <Story
      id="lys"
      eyebrow="Tænd et lys"
      title="Et lys, hvor I end er"
      vignette={
        <VignetteCard>
          <p className="font-serif text-xl">128 lys er tændt</p>
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-3">
            {candles.map((name) => (
              <li key={name} className="flex flex-col items-center text-center">
                <span className="flex h-14 w-8 flex-col items-center justify-end">
                  <Flame className="h-6 w-4 text-gold" />
                  <span className="mt-0.5 h-6 w-5 rounded-sm border border-border bg-[var(--candle)]" />
                </span>
                <span className="mt-2 text-sm text-muted-foreground">{name}</span>
              </li>
            ))}
          </ul>
        </VignetteCard>
      }
    >
      <p>
        Ikke alle kan komme til graven. Med et enkelt tryk kan barnebarnet i Aarhus og veninden i Canada tænde et lys på
        mindesiden og skrive et par ord, hvis de har lyst.
      </p>
      <p>
        Lysene står side om side, så familien kan se, hvor mange der tænker på dem. Det koster ingenting at tænde et lys,
        og man behøver ikke en konto.
      </p>
    </Story>
  );
}

export function GuestbookSection() {
  return (
    <Story
      id="gaestebog"
      tone="card"
      flip
      eyebrow="Gæstebog"
      title="En gæstebog, der aldrig bliver fyldt"
      vignette={
        <VignetteCard className="space-y-6">
          <blockquote>
            <p className="font-serif text-lg leading-relaxed italic">
              »Tak for alle eftermiddagene i værkstedet. Jeg tænker på dig, hver gang jeg holder en høvl.«
            </p>
            <footer className="mt-2 text-sm text-muted-foreground">Lars, 14. maj</footer>
          </blockquote>
          <div className="h-px bg-border" />
          <blockquote>
            <p className="font-serif text-lg leading-relaxed italic">»Tillykke med de 80 år, mor. Vi savner dig ved bordet i dag.«</p>
            <footer className="mt-2 text-sm text-muted-foreground">Anne og Peter, 3. august</footer>
          </blockquote>
        </VignetteCard>
      }
    >
      <p>
        Ved begravelsen skriver man i kondolencebogen. På mindesiden bliver hilsnerne ved med at komme – på fødselsdage,
        til jul og på de dage, hvor savnet er størst.
      </p>
      <p>
        Venner, kolleger og naboer kan dele et minde eller et billede, som familien måske aldrig har set. Det er gratis at
        skrive en hilsen, og intet forsvinder.
      </p>
    </Story>
  );
}

export function MusicSection() {
  return (
    <Story
      id="musik"
      eyebrow="Musik"
      title="Musikken, der hørte til"
      vignette={
        <VignetteCard>
          <ul className="space-y-4">
            {[
              { title: 'Den blå anemone', note: 'Sunget ved bisættelsen · YouTube', playing: true },
              { title: 'Vals fra bryllupet, 1968', note: 'Filmet af onkel Bent', playing: false },
              { title: 'Det er hvidt herude', note: 'Hver juleaften · YouTube', playing: false },
            ].map((track) => (
              <li key={track.title} className="flex items-center gap-4">
                <span
                  className={
                    track.playing
                      ? 'flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground'
                      : 'flex size-11 shrink-0 items-center justify-center rounded-full bg-gold-soft/70 text-gold-text'
                  }
                >
                  {track.playing ? <Play className="size-5" /> : <Music2 className="size-5" />}
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold">{track.title}</span>
                  <span className="block text-sm text-muted-foreground">{track.note}</span>
                </span>
              </li>
            ))}
          </ul>
        </VignetteCard>
      }
    >
      <p>
        Salmen fra bisættelsen, valsen fra bryllupet eller sangen, der altid blev sunget til jul. Læg den i mindesidens
        galleri som en film fra YouTube eller jeres egen optagelse, så besøgende kan lytte, mens de ser billederne.
      </p>
      <p>Den spiller først, når man selv trykker på afspil – ingen bliver overrasket af lyd ved graven.</p>
    </Story>
  );
}
