/** The memorial's colour theme and layout, with a link to see the page as it now looks. */
import { useState } from 'react';
import { Link } from 'react-router';
import type { Memorial, MemorialLayout, MemorialTheme } from '@/shared/memorials';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { LAYOUT_CHOICES, THEME_CHOICES } from '../form/choices';
import { useUpdateMemorial } from '../save';
import { EditSection, SaveRow } from './EditSection';

export function AppearanceSection({ memorial }: { memorial: Memorial }) {
  const [theme, setTheme] = useState<MemorialTheme>(memorial.theme);
  const [layout, setLayout] = useState<MemorialLayout>(memorial.layout);
  const [base, setBase] = useState({ theme: memorial.theme, layout: memorial.layout });
  const [saved, setSaved] = useState(false);
  const update = useUpdateMemorial(memorial.id);
  const dirty = theme !== base.theme || layout !== base.layout;

  return (
    <EditSection
      id="udseende"
      title="Udseende"
      description={
        <>
          Farver og opsætning for hele mindesiden.{' '}
          <Link to={`/memorial/${memorial.slug}`} className="font-semibold text-gold-text underline underline-offset-4">
            Se mindesiden
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            { body: { theme, layout } },
            {
              onSuccess: (next) => {
                setBase({ theme: next.theme, layout: next.layout });
                setSaved(true);
              },
            },
          );
        }}
      >
        <div className="space-y-8">
          <ChoiceCards
            legend="Farvetema"
            columns="three"
            choices={THEME_CHOICES}
            value={theme}
            onChange={(next) => {
              setTheme(next);
              setSaved(false);
            }}
          />
          <ChoiceCards
            legend="Opsætning"
            columns="two"
            choices={LAYOUT_CHOICES}
            value={layout}
            onChange={(next) => {
              setLayout(next);
              setSaved(false);
            }}
          />
        </div>
        <SaveRow dirty={dirty} pending={update.isPending} saved={saved && !dirty} />
      </form>
    </EditSection>
  );
}
