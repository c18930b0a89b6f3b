/**
 * The memorial's colour theme and layout, with a link to see the page as it now looks. Premium's
 * themes are shown to every family, marked, and chosen only with Premium (the server refuses them
 * otherwise); a Premium theme kept from a lapsed period stays chosen, and the page says visitors
 * see Lys until Premium is paid again.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { Memorial, MemorialLayout, MemorialTheme } from '@/shared/memorials';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { LAYOUT_CHOICES, THEME_CHOICES } from '../form/choices';
import { useUpdateMemorial } from '../save';
import { EditSection, SaveRow } from './EditSection';
import { FREE_FALLBACK_THEME, isPremiumTheme } from '@/shared/premium';
import { THEME_NAMES } from '@/shared/memorials';
import { HiddenWithoutPremium, PremiumLink } from '../premium/PremiumNote';

export function AppearanceSection({ memorial }: { memorial: Memorial }) {
  const [theme, setTheme] = useState<MemorialTheme>(memorial.theme);
  const [layout, setLayout] = useState<MemorialLayout>(memorial.layout);
  const [base, setBase] = useState({ theme: memorial.theme, layout: memorial.layout });
  const [saved, setSaved] = useState(false);
  const update = useUpdateMemorial(memorial.id);
  const dirty = theme !== base.theme || layout !== base.layout;
  // The theme already chosen stays selectable, so a lapsed memorial can save its layout unchanged.
  const themes = memorial.premium ? THEME_CHOICES : THEME_CHOICES.map((choice) => ({ ...choice, disabled: isPremiumTheme(choice.value) && choice.value !== base.theme }));
  const shownHidden = !memorial.premium && isPremiumTheme(theme);

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
            hint={
              memorial.premium ? undefined : (
                <>
                  Lys og Skumring er med på den gratis mindeside. Skov, Hav og Rosa hører til Premium. <PremiumLink>Læs om Premium</PremiumLink>
                </>
              )
            }
            columns="three"
            choices={themes}
            value={theme}
            onChange={(next) => {
              setTheme(next);
              setSaved(false);
            }}
          />
          {shownHidden ? (
            <div className="-mt-4 rounded-lg border border-gold/40 bg-gold-soft/60 px-4 py-3">
              <HiddenWithoutPremium />
              <p className="mt-1 text-sm text-muted-foreground">
                Besøgende ser mindesiden i {THEME_NAMES[FREE_FALLBACK_THEME]}, indtil mindesiden har Premium igen. Temaet {THEME_NAMES[theme]} er gemt.
              </p>
            </div>
          ) : null}
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
