/**
 * The life story in the rich-text editor. What comes back from the server is what it kept after
 * its allow-list, and that becomes the editor's text, so the family sees what visitors will see.
 */
import { useState } from 'react';
import { Notice } from '@/client/components/ui/notice';
import type { Memorial } from '@/shared/memorials';
import { MEMORIAL_LIMITS } from '@/shared/memorials';
import { hasTemplateGuidance } from '../create/templates';
import { LifeStoryEditor } from '../form/LifeStoryEditor';
import { useUpdateMemorial } from '../save';
import { EditSection, SaveRow } from './EditSection';

export function LifeStorySection({ memorial }: { memorial: Memorial }) {
  const [story, setStory] = useState(memorial.lifeStory);
  const [base, setBase] = useState(memorial.lifeStory);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string>();
  const update = useUpdateMemorial(memorial.id);
  const dirty = story !== base;

  return (
    <EditSection id="livshistorie" title="Livshistorie" description="Fortæl om livet, som I husker det. Brug overskrifter til at dele historien op.">
      {hasTemplateGuidance(base) ? (
        <Notice className="mb-6" title="Skabelonens hjælpetekster står der stadig">
          De kursive spørgsmål er kun til hjælp. Skriv jeres egne ord i stedet, og slet spørgsmålene, før I deler siden.
        </Notice>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (story.length > MEMORIAL_LIMITS.lifeStory * 2) {
            setError('Livshistorien er for lang. Del den op, eller fjern noget af teksten.');
            return;
          }
          update.mutate(
            { body: { lifeStory: story } },
            {
              onSuccess: (next) => {
                setBase(next.lifeStory);
                setStory(next.lifeStory);
                setSaved(true);
              },
            },
          );
        }}
      >
        <LifeStoryEditor
          label="Livshistorien"
          value={story}
          error={error}
          onChange={(html) => {
            setStory(html);
            setSaved(false);
            setError(undefined);
          }}
        />
        <SaveRow dirty={dirty} pending={update.isPending} saved={saved && !dirty} />
      </form>
    </EditSection>
  );
}
