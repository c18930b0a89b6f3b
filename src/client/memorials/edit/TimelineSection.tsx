/** The timeline, checked with the server's own rules before it is sent. */
import { useState } from 'react';
import { timelineBody } from '@/shared/memorials-api';
import type { Memorial, TimelineEvent } from '@/shared/memorials';
import { TimelineEditor, type TimelineErrors } from '../form/TimelineEditor';
import { timelineErrors } from '../form/timeline-errors';
import { useUpdateMemorial } from '../save';
import { EditSection, SaveRow } from './EditSection';

export function TimelineSection({ memorial }: { memorial: Memorial }) {
  const [events, setEvents] = useState<TimelineEvent[]>(memorial.timeline);
  const [base, setBase] = useState(memorial.timeline);
  const [errors, setErrors] = useState<TimelineErrors>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateMemorial(memorial.id);
  const dirty = JSON.stringify(events) !== JSON.stringify(base);

  return (
    <EditSection id="livslinje" title="Livslinje" description="De år og dage, der betød noget. Et årstal er nok, hvis I ikke kender datoen.">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = timelineBody.safeParse(events);
          if (!checked.success) {
            setErrors(timelineErrors(checked.error));
            requestAnimationFrame(() => document.querySelector<HTMLElement>('#livslinje [aria-invalid="true"]')?.focus());
            return;
          }
          setErrors({});
          update.mutate(
            { body: { timeline: checked.data } },
            {
              onSuccess: (next) => {
                setBase(next.timeline);
                setEvents(next.timeline);
                setSaved(true);
              },
            },
          );
        }}
      >
        <TimelineEditor
          value={events}
          errors={errors}
          onChange={(next) => {
            setEvents(next);
            setSaved(false);
          }}
        />
        <SaveRow dirty={dirty} pending={update.isPending} saved={saved && !dirty} />
      </form>
    </EditSection>
  );
}
