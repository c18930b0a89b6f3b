import type { LucideIcon } from 'lucide-react';
import { BookOpen, Flame, Images, LockKeyhole, MapPin, Users } from 'lucide-react';
import { Section } from './Section';

const features: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: BookOpen, title: 'Livshistorie og tidslinje', text: 'Fortæl om barndommen, arbejdslivet og familien, og sæt de vigtige år ind på en tidslinje.' },
  { icon: Images, title: 'Billeder og video', text: 'Saml billeder og små film fra hele familien i ét roligt galleri med jeres egne billedtekster.' },
  { icon: Flame, title: 'Lys og hilsner', text: 'Besøgende kan tænde et lys eller skrive en hilsen – også dem, der bor langt fra graven.' },
  { icon: LockKeyhole, title: 'I vælger, hvem der ser den', text: 'Offentlig for alle, skjult så kun QR-koden og linket fører dertil, eller privat for dem, I inviterer.' },
  { icon: Users, title: 'Familien sammen', text: 'Inviter søskende og børnebørn som medadministratorer, så I kan skrive siden sammen.' },
  { icon: MapPin, title: 'Find graven', text: 'Kirkegård, afdeling og gravnummer på siden, så gæster kan finde vej til stenen.' },
];

export function FeatureCards() {
  return (
    <Section
      id="mindesiden"
      eyebrow="Mindesiden"
      title="Alt det, I vil huske, samlet ét sted"
      lead={<p>En mindeside bliver lige så personlig, som I gør den. Begynd med et enkelt billede og et par linjer – resten kan komme med tiden.</p>}
    >
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-border bg-card p-7 shadow-[0_1px_2px_rgba(60,40,20,0.05)]">
            <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-gold-soft/70 text-gold-text">
              <Icon className="size-6" />
            </span>
            <h3 className="mt-5 text-xl">{title}</h3>
            <p className="mt-2 text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
