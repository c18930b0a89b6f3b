import type { LucideIcon } from 'lucide-react';
import { Archive, CalendarHeart, MessageSquareHeart, Palette, QrCode } from 'lucide-react';
import { Section } from './Section';

const extras: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Palette,
    title: 'Temaer',
    text: 'Vælg farver og opsætning, der passer til personen – stille og klassisk eller lyst og varmt. Lys og Skumring er med på den gratis mindeside, og med Premium er der flere at vælge imellem.',
  },
  {
    icon: MessageSquareHeart,
    title: 'Minder fra andre',
    text: 'Venner, kolleger og naboer kan dele et minde med et billede, som familien måske aldrig har set. I godkender det, før det vises.',
  },
  {
    icon: CalendarHeart,
    title: 'Påmindelse på mærkedage',
    text: 'Vil I det, får I en stille e-mail på fødselsdagen og dødsdagen med et link til at tænde et lys.',
  },
  {
    icon: Archive,
    title: 'Altid tilgængelig',
    text: 'Mindesiden er bygget til at holde lige så længe som stenen. Den åbner hurtigt, også på en ældre telefon ved graven, og en side, man har besøgt, kan åbnes igen uden internet.',
  },
  {
    icon: QrCode,
    title: 'Adgang med QR-kode',
    text: 'Gæster scanner koden på stenen og står på mindesiden. Ingen app, ingen adgangskode – og koden kan ikke forveksles med andre.',
  },
];

export function ExtrasSection() {
  return (
    <Section
      id="muligheder"
      eyebrow="Flere muligheder"
      title="Når I vil give mindesiden lidt mere"
      lead={<p>Mindesiden kan vokse med tiden. Alt det her kan I bruge allerede i dag.</p>}
    >
      <ul className="mt-12 grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {extras.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full border border-gold/50 text-gold-text">
              <Icon className="size-6" />
            </span>
            <div>
              <h3 className="text-xl">{title}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
