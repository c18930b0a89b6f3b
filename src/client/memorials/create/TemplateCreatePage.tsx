/**
 * /create-memorial/template: choose a template (its headings are shown, so the family sees what
 * they get), then the name and dates. The template's life story, theme and layout come along.
 */
import { useSearchParams } from 'react-router';
import { Card, CardBody } from '@/client/components/ui/card';
import { THEME_NAMES, LAYOUT_NAMES } from '@/shared/memorials';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { CreateShell } from './CreateShell';
import { NewMemorialForm } from './NewMemorialForm';
import { MEMORIAL_TEMPLATES, templateLifeStory } from './templates';

export default function TemplateCreatePage() {
  const [params, setParams] = useSearchParams();
  const template = MEMORIAL_TEMPLATES.find((t) => t.id === params.get('skabelon')) ?? MEMORIAL_TEMPLATES[0]!;

  return (
    <CreateShell title="Mindeside ud fra en skabelon" lead="Vælg den skabelon, der ligner jeres historie mest. Overskrifterne og spørgsmålene kan I ændre frit bagefter.">
      <div className="space-y-8">
        <ChoiceCards
          legend="Skabelon"
          columns="two"
          value={template.id}
          onChange={(id) =>
            setParams(
              (current) => {
                current.set('skabelon', id);
                return current;
              },
              { replace: true, preventScrollReset: true },
            )
          }
          choices={MEMORIAL_TEMPLATES.map((t) => ({
            value: t.id,
            title: t.title,
            description: (
              <>
                {t.description}
                <span className="mt-3 block border-l-2 border-gold/50 pl-3 font-serif text-base text-foreground/80">
                  {t.chapters.map((chapter) => (
                    <span key={chapter.heading} className="block">
                      {chapter.heading}
                    </span>
                  ))}
                </span>
                <span className="mt-2 block text-sm">
                  Tema: {THEME_NAMES[t.theme]} · Opsætning: {LAYOUT_NAMES[t.layout].toLowerCase()}
                </span>
              </>
            ),
          }))}
        />
        <Card>
          <CardBody>
            <h2 className="mb-6 text-2xl">Hvem er mindesiden for?</h2>
            <NewMemorialForm extra={{ lifeStory: templateLifeStory(template), theme: template.theme, layout: template.layout }} continueAt="livshistorie" />
          </CardBody>
        </Card>
      </div>
    </CreateShell>
  );
}
