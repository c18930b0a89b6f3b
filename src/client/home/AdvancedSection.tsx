import { Section } from './Section';

const advanced = [
  { title: 'Delt mindesten', text: 'Én QR-kode til et ægtepar, der hviler under samme sten – med hver sin mindeside.' },
  { title: 'QR-koden graveret i stenen', text: 'Stenhuggeren lasergraverer koden direkte i granitten ud fra en fil, vi leverer.' },
];

/**
 * SPEC.md §2's "hidden advanced-features section". The `hidden` attribute keeps it out of sight
 * and out of the accessibility tree. It names only what a stone can carry; what is not built yet
 * (AI songs, the memorial as a file to download) is not sold here, hidden or not.
 */
export function AdvancedSection() {
  return (
    <Section id="avanceret" hidden eyebrow="Til dem, der vil mere" title="Avancerede funktioner">
      <ul className="mt-10 grid gap-8 sm:grid-cols-2">
        {advanced.map((item) => (
          <li key={item.title}>
            <h3 className="text-xl">{item.title}</h3>
            <p className="mt-2 text-muted-foreground">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
