/**
 * The five cookie purposes in the words a visitor reads: in the consent settings dialog and on
 * /cookies. The order is the order they are shown and posted in (SPEC.md §3).
 */
import type { ConsentPurpose } from '@/shared/consent';

export interface PurposeText {
  purpose: ConsentPurpose;
  title: string;
  description: string;
}

export const PURPOSE_TEXTS: readonly PurposeText[] = [
  {
    purpose: 'necessary',
    title: 'Nødvendige',
    description:
      'Får siden til at virke: at du kan logge ind og forblive logget ind, at dit valg af lyst eller mørkt tema huskes, og at vi kan huske dine cookie-valg. De kan ikke slås fra.',
  },
  {
    purpose: 'performance',
    title: 'Ydeevne',
    description: 'Hjælper os med at se, hvor hurtigt siderne indlæses, og hvor der opstår fejl, så vi kan rette dem.',
  },
  {
    purpose: 'analytics',
    title: 'Statistik',
    description: 'Fortæller os samlet og uden navne, hvilke sider der bliver brugt, så vi kan gøre Mindested bedre.',
  },
  {
    purpose: 'social_media',
    title: 'Sociale medier',
    description: 'Gør det muligt at dele en mindeside på sociale medier som Facebook og at se, hvor delte links bliver åbnet.',
  },
  {
    purpose: 'marketing',
    title: 'Markedsføring',
    description: 'Bruges til at måle, om vores annoncer andre steder når de rette. Vi viser aldrig reklamer på Mindested.',
  },
];
