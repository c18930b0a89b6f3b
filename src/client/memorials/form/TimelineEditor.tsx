/**
 * The years that mattered, as a list a family fills in at its own pace: a date (a year is enough),
 * a heading and a few words for each. Events can be added anywhere, moved up and down by buttons
 * (focus follows the moved event, and the move is announced) and put in date order at one press.
 */
import { useId, useRef, useState } from 'react';
import { ArrowDown, ArrowDownUp, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { TextField } from '@/client/components/ui/text-field';
import { MEMORIAL_LIMITS, type TimelineEvent } from '@/shared/memorials';
import { danishDate } from '../dates';
import { normaliseEventDate } from './event-date';

/** Messages by `${index}.${field}`, e.g. "2.date". */
export type TimelineErrors = Record<string, string | undefined>;

interface TimelineEditorProps {
  value: TimelineEvent[];
  onChange: (events: TimelineEvent[]) => void;
  errors?: TimelineErrors;
}

const EMPTY_EVENT: TimelineEvent = { date: '', title: '', text: '' };

export function TimelineEditor({ value, onChange, errors = {} }: TimelineEditorProps) {
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const change = (index: number, patch: Partial<TimelineEvent>) => onChange(value.map((event, i) => (i === index ? { ...event, ...patch } : event)));
  const focusLater = (selector: string) => requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(selector)?.focus());

  function add() {
    onChange([...value, EMPTY_EVENT]);
    focusLater(`[data-event="${value.length}"] input`);
  }

  function move(index: number, by: -1 | 1) {
    const target = index + by;
    if (target < 0 || target >= value.length) return;
    const next = [...value];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
    setAnnouncement(`${value[index]!.title || 'Begivenheden'} er nu nummer ${target + 1} af ${value.length}.`);
    const edge = (by === -1 && target === 0) || (by === 1 && target === value.length - 1);
    focusLater(`[data-event="${target}"] [data-move="${edge ? -by : by}"]`);
  }

  function remove(index: number) {
    const removed = value[index]!;
    onChange(value.filter((_, i) => i !== index));
    setAnnouncement(`${removed.title || 'Begivenheden'} er fjernet fra livslinjen.`);
    focusLater(value.length > 1 ? `[data-event="${Math.max(0, index - 1)}"] input` : `#${CSS.escape(`${id}-add`)}`);
  }

  function sortByDate() {
    // A year sorts before the dates within it; events without a date stay last in their order.
    const sorted = [...value].sort((a, b) => (a.date && b.date ? a.date.localeCompare(b.date) : a.date ? -1 : b.date ? 1 : 0));
    onChange(sorted);
    setAnnouncement('Livslinjen er sat i datoorden.');
  }

  return (
    <div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {value.length === 0 ? (
        <p className="rounded-lg border border-dashed border-input/70 px-5 py-6 text-center text-muted-foreground">
          Livslinjen er tom. Begynd med det, I husker bedst: et bryllup, en flytning, et barn, der kom til verden.
        </p>
      ) : (
        <ol ref={list} className="space-y-5">
          {value.map((event, index) => (
            <li key={index} data-event={index} className="rounded-xl border border-border bg-card px-4 py-5 shadow-xs sm:px-6">
              <fieldset>
                <legend className="font-serif text-lg">
                  {index + 1}. {event.title || 'Ny begivenhed'}
                  {event.date && !errors[`${index}.date`] && /^\d{4}/.test(event.date) ? <span className="text-muted-foreground"> · {danishDate(event.date)}</span> : null}
                </legend>
                <div className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr]">
                  <TextField
                    label="Hvornår"
                    hint="Et årstal er nok"
                    inputMode="text"
                    autoComplete="off"
                    placeholder="fx 1962 eller 14.6.1962"
                    value={event.date}
                    maxLength={20}
                    error={errors[`${index}.date`]}
                    onChange={(e) => change(index, { date: e.target.value })}
                    onBlur={(e) => change(index, { date: normaliseEventDate(e.target.value) })}
                  />
                  <TextField
                    label="Overskrift"
                    hint="Hvad skete der?"
                    autoComplete="off"
                    placeholder="fx Gift med Inger i Ribe Domkirke"
                    value={event.title}
                    maxLength={MEMORIAL_LIMITS.eventTitle}
                    error={errors[`${index}.title`]}
                    onChange={(e) => change(index, { title: e.target.value })}
                  />
                </div>
                <TextAreaField
                  className="mt-4"
                  label="Fortæl lidt mere (valgfrit)"
                  rows={3}
                  value={event.text}
                  maxLength={MEMORIAL_LIMITS.eventText}
                  error={errors[`${index}.text`]}
                  onChange={(e) => change(index, { text: e.target.value })}
                />
                <div className="mt-4 flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" data-move={-1} disabled={index === 0} onClick={() => move(index, -1)}>
                    <ArrowUp aria-hidden="true" />
                    Flyt op<span className="sr-only">: {event.title || `begivenhed ${index + 1}`}</span>
                  </Button>
                  <Button size="sm" variant="secondary" data-move={1} disabled={index === value.length - 1} onClick={() => move(index, 1)}>
                    <ArrowDown aria-hidden="true" />
                    Flyt ned<span className="sr-only">: {event.title || `begivenhed ${index + 1}`}</span>
                  </Button>
                  <Button size="sm" variant="quiet" className="sm:ml-auto" onClick={() => remove(index)}>
                    <Trash2 aria-hidden="true" />
                    Fjern<span className="sr-only">: {event.title || `begivenhed ${index + 1}`}</span>
                  </Button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <Button id={`${id}-add`} variant="secondary" onClick={add} disabled={value.length >= MEMORIAL_LIMITS.timelineEvents}>
          <Plus aria-hidden="true" />
          Tilføj begivenhed
        </Button>
        {value.length > 1 ? (
          <Button variant="quiet" onClick={sortByDate}>
            <ArrowDownUp aria-hidden="true" />
            Sortér efter dato
          </Button>
        ) : null}
      </div>
    </div>
  );
}
