import type { LucideIcon } from 'lucide-react';
import { Archive, Palette, QrCode, Sparkles, TreeDeciduous } from 'lucide-react';
import { Section } from './Section';

const extras: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Palette,
    title: 'Temaer',
    text: 'Vælg farver, skrift og opsætning, der passer til personen – stille og klassisk eller lyst og varmt.',
  },
  {
    icon: TreeDeciduous,
    title: 'Stamtræ',
    text: 'Vis slægten i et overskueligt stamtræ, så de næste generationer kan se, hvor de kommer fra.',
  },
  {
    icon: Archive,
    title: 'Altid tilgængelig',
    text: 'Mindesiden er bygget til at holde lige så længe som stenen. I kan når som helst hente hele siden ned og gemme den selv – den kan åbnes uden internet i enhver browser.',
  },
  {
    icon: Sparkles,
    title: 'Animerede hilsner med AI',
    text: 'Et kært portræt kan forsigtigt vækkes til live – et smil, et blik. I ser resultatet først og bestemmer selv, om det skal vises.',
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
      lead={<p>Mindesiden kan vokse med tiden. Her er nogle af de ting, familier bruger den til.</p>}
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
