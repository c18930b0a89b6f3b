/**
 * A choice among a few options shown as cards (privacy, theme, layout): real radio buttons under
 * the cards, so arrow keys move between them and a screen reader says "1 of 3, selected".
 */
import { useId, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/client/lib/cn';

export interface Choice<T extends string> {
  value: T;
  title: string;
  description?: ReactNode;
  /** Shown above the title, e.g. a colour swatch. */
  preview?: ReactNode;
  /** Shown beside the title, e.g. "Premium". */
  mark?: ReactNode;
  /** Seen but not chosen here (the hint or description says why). */
  disabled?: boolean;
}

interface ChoiceCardsProps<T extends string> {
  legend: string;
  hint?: ReactNode;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  columns?: 'one' | 'two' | 'three';
  /** Why the choice is refused (none made yet): announced when it appears, and read out with each option. */
  error?: string;
}

export function ChoiceCards<T extends string>({ legend, hint, choices, value, onChange, columns = 'one', error }: ChoiceCardsProps<T>) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset>
      <legend className="text-base font-semibold">{legend}</legend>
      {hint ? <p className="mt-1 text-sm text-muted-foreground">{hint}</p> : null}
      <div className={cn('mt-3 grid gap-3', columns === 'two' && 'sm:grid-cols-2', columns === 'three' && 'grid-cols-2 sm:grid-cols-3')}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              className={cn(
                'relative flex min-h-14 gap-3 rounded-xl border bg-card px-4 py-4 shadow-xs transition-colors',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-primary ring-1 ring-primary' : 'border-input/70',
                choice.disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:border-foreground/40',
                choice.preview ? 'flex-col' : 'items-start',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                disabled={choice.disabled}
                onChange={() => onChange(choice.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="peer sr-only"
              />
              {choice.preview}
              <span className="flex min-w-0 flex-1 items-start gap-3">
                <span
                  aria-hidden="true"
                  className={cn('mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2', checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input')}
                >
                  {checked ? <Check className="size-4" strokeWidth={3} /> : null}
                </span>
                <span className="min-w-0">
                  <span className="flex flex-wrap items-center gap-2 font-semibold">
                    {choice.title}
                    {choice.mark}
                  </span>
                  {choice.description ? <span className="mt-1 block text-sm text-muted-foreground">{choice.description}</span> : null}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-3 flex items-start gap-2 text-sm font-medium text-destructive">
          <span aria-hidden="true" className="mt-[0.45em] inline-block size-1.5 shrink-0 rounded-full bg-destructive" />
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
