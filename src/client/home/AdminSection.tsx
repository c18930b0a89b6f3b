/** The memorial's administrators decide what is shown: every greeting, candle and memory waits for them. */
import { Check, X } from 'lucide-react';
import { Story, VignetteCard } from './Story';

const pending = [
  { kind: 'Hilsen', from: 'Lise Holm', text: 'Tak for de gode år på kontoret. Du var altid den første til at …' },
  { kind: 'Lys', from: 'Familien Nørgaard', text: 'Vi tænker på jer.' },
  { kind: 'Minde', from: 'Henrik', text: 'Billedet fra spejderlejren i 1974 – det var dig, der bar flaget.' },
];

const points = [
  'Besked med det samme, eller samlet én gang om dagen',
  'Godkend eller afvis med ét tryk – også fra e-mailen',
  'Inviter familien til at hjælpe som medadministratorer',
  'Vælg selv, om siden er offentlig, skjult eller privat',
];

export function AdminSection() {
  return (
    <Story
      id="overblik"
      tone="card"
      flip
      eyebrow="Overblik for familien"
      title="I bestemmer, hvad der vises"
      vignette={
        <VignetteCard>
          <p className="font-serif text-xl">Venter på jer</p>
          <ul className="mt-5 divide-y divide-border">
            {pending.map((post) => (
              <li key={post.from} className="py-4 first:pt-0 last:pb-0">
                <p className="text-sm font-semibold text-gold-text">
                  {post.kind} fra {post.from}
                </p>
                <p className="mt-1 text-base">{post.text}</p>
                <div className="mt-3 flex gap-2">
                  <span className="inline-flex items-center gap-1.5 rounded-md bg-primary px-3 py-1.5 text-sm font-semibold text-primary-foreground">
                    <Check className="size-4" />
                    Godkend
                  </span>
                  <span className="inline-flex items-center gap-1.5 rounded-md border border-input/70 px-3 py-1.5 text-sm font-semibold">
                    <X className="size-4" />
                    Afvis
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </VignetteCard>
      }
    >
      <p>
        Den, der opretter mindesiden, er dens administrator. Når nogen skriver en hilsen, tænder et lys eller deler et
        minde, får I besked – og intet bliver vist, før I har godkendt det.
      </p>
      <ul className="mt-2 space-y-3 text-foreground/90">
        {points.map((point) => (
          <li key={point} className="flex gap-3">
            <Check className="mt-1 size-5 shrink-0 text-gold-text" aria-hidden="true" />
            {point}
          </li>
        ))}
      </ul>
    </Story>
  );
}
