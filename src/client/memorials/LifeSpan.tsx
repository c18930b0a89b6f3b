/** The dates of a life written out, each date kept whole on a narrow phone: the line breaks at the dash. */
import { lifeSpan } from './dates';

export function LifeSpan({ birthDate, deathDate, className }: { birthDate: string | null; deathDate: string | null; className?: string }) {
  const span = lifeSpan(birthDate, deathDate);
  if (!span) return null;
  return (
    <p className={className}>
      {span.split(' – ').map((part, index) => (
        <span key={index}>
          {index > 0 ? ' – ' : null}
          <span className="whitespace-nowrap">{part}</span>
        </span>
      ))}
    </p>
  );
}
