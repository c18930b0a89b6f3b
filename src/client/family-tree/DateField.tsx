/**
 * One text field for a date, as people remember dates: "1941", "12.3.1941", "ca. 1890",
 * "1890-1895". Under it, while typing, how it was understood ("Forstået som: 12. marts 1941"), so
 * nobody has to trust a guess; what cannot be read says so once the field is left.
 */
import { useState } from 'react';
import { TextField } from '@/client/components/ui/text-field';
import { FAMILY_TREE_MESSAGES, formatTreeDate, parseDanishDate } from '@/shared/family-tree';

export const dateProblem = (text: string) => (text.trim() && !parseDanishDate(text) ? FAMILY_TREE_MESSAGES.date : undefined);

export function DateField({ label, value, onChange, error, showProblems }: { label: string; value: string; onChange: (text: string) => void; error?: string; showProblems: boolean }) {
  const [left, setLeft] = useState(false);
  const understood = parseDanishDate(value);
  return (
    <div>
      <TextField
        label={label}
        hint="Fx 1941, 12.3.1941, marts 1941 eller ca. 1890. Et år er nok."
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setLeft(true)}
        error={error ?? (left || showProblems ? dateProblem(value) : undefined)}
      />
      <p aria-live="polite" className="mt-2 min-h-6 text-base text-muted-foreground">
        {understood ? (
          <>
            Forstået som: <span className="font-semibold text-foreground">{formatTreeDate(understood)}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
