/**
 * Templates for /create-memorial/template, in the free plan's themes (a new memorial has no
 * Premium yet): a life story already divided into headings, each with a few questions in italics
 * that help a family begin. The questions are meant to be replaced; the edit page reminds the
 * family while any of them is still there (hasTemplateGuidance).
 */
import type { MemorialLayout, MemorialTheme } from '@/shared/memorials';

export interface MemorialTemplate {
  id: string;
  title: string;
  /** One line on the card: who the template suits. */
  description: string;
  theme: MemorialTheme;
  layout: MemorialLayout;
  /** Headings of the life story with the questions under each. */
  chapters: { heading: string; questions: string }[];
}

export const MEMORIAL_TEMPLATES: MemorialTemplate[] = [
  {
    id: 'langt-liv',
    title: 'Et langt og rigt liv',
    description: 'Til en forælder eller bedsteforælder: fra barndommen over arbejdslivet til de sidste år.',
    theme: 'lys',
    layout: 'classic',
    chapters: [
      { heading: 'Barndom og opvækst', questions: 'Hvor voksede hun eller han op? Hvem var forældrene og søskendene, og hvordan var hjemmet?' },
      { heading: 'Arbejdsliv', questions: 'Hvilket arbejde fyldte livet? Hvad var hun eller han stolt af, og hvem arbejdede de sammen med?' },
      { heading: 'Kærlighed og familie', questions: 'Hvordan mødte de hinanden? Hvilke børn og børnebørn kom til, og hvad samlede familien?' },
      { heading: 'Det, vi husker', questions: 'Hvilke vaner, ord og egenskaber tænker I på? Et lille minde siger ofte mere end mange ord.' },
      { heading: 'De sidste år', questions: 'Hvordan var de sidste år? Hvad glædede hun eller han sig over til det sidste?' },
    ],
  },
  {
    id: 'haender-og-have',
    title: 'Hænder, have og natur',
    description: 'Til den, der var mest sig selv i værkstedet, i haven, på vandet eller i skoven.',
    theme: 'lys',
    layout: 'enhanced',
    chapters: [
      { heading: 'Hvem hun eller han var', questions: 'Beskriv personen med tre ord. Hvad sagde folk altid om hende eller ham?' },
      { heading: 'Det, der blev lavet med hænderne', questions: 'Et hus, en have, en båd, et håndværk? Hvad står der stadig, som hun eller han har lavet?' },
      { heading: 'Ude i naturen', questions: 'Hvilke steder holdt hun eller han mest af? Fisketure, svampeture, kolonihaven, sommerhuset?' },
      { heading: 'Familie og venner', questions: 'Hvem var med på turene og i værkstedet? Hvad lærte hun eller han videre til andre?' },
    ],
  },
  {
    id: 'for-tidligt',
    title: 'Alt for tidligt',
    description: 'Til et barn, en ung eller en, der døde midt i livet, og som vi ikke var færdige med.',
    theme: 'skumring',
    layout: 'classic',
    chapters: [
      { heading: 'Den, du var', questions: 'Hvordan var dit smil, din latter, din måde at være i et rum på?' },
      { heading: 'Det, du elskede', questions: 'Musik, sport, dyr, rejser, drømme: hvad fyldte dine dage, og hvad glædede du dig til?' },
      { heading: 'Venner og familie', questions: 'Hvem stod dig nærmest? Hvilke historier fortæller dine venner om dig?' },
      { heading: 'Det, vi bærer med os', questions: 'Hvad har du lært os? Hvad vil vi gøre for at huske dig?' },
    ],
  },
  {
    id: 'kort-og-enkelt',
    title: 'Kort og enkelt',
    description: 'Et par afsnit at begynde med. I kan altid skrive mere senere.',
    theme: 'lys',
    layout: 'classic',
    chapters: [
      { heading: 'Om livet', questions: 'Hvor og hvordan levede hun eller han? Et par linjer om livet, som I ser det.' },
      { heading: 'Det, vi savner', questions: 'Hvad savner I mest?' },
    ],
  },
];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The template's life story as the editor's HTML: headings, each with its questions in italics. */
export function templateLifeStory(template: MemorialTemplate): string {
  return template.chapters.map((chapter) => `<h2>${escape(chapter.heading)}</h2><p><em>${escape(chapter.questions)}</em></p>`).join('');
}

const QUESTIONS = MEMORIAL_TEMPLATES.flatMap((template) => template.chapters.map((chapter) => escape(chapter.questions)));

/** Whether a life story still holds one of the templates' questions. */
export function hasTemplateGuidance(lifeStory: string): boolean {
  return QUESTIONS.some((question) => lifeStory.includes(question));
}
