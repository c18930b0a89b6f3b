/** The choices a family makes about how its memorial is seen, in the words the pages use. */
import { LAYOUT_NAMES, MEMORIAL_THEMES, PRIVACY_NAMES, THEME_NAMES, type MemorialLayout, type MemorialPrivacy, type MemorialTheme } from '@/shared/memorials';
import type { Choice } from '@/client/components/ui/choice-cards';
import { isPremiumTheme } from '@/shared/premium';
import { PremiumMark } from '../premium/PremiumNote';

export const PRIVACY_CHOICES: Choice<MemorialPrivacy>[] = [
  { value: 'public', title: PRIVACY_NAMES.public, description: 'Alle kan finde og se mindesiden, også via søgemaskiner.' },
  { value: 'unlisted', title: PRIVACY_NAMES.unlisted, description: 'Kun dem, der scanner QR-koden eller får linket, kan se den. Den vises ikke i søgemaskiner.' },
  { value: 'private', title: PRIVACY_NAMES.private, description: 'Kun de personer, I inviterer, kan se den, når de er logget ind.' },
];

export const LAYOUT_CHOICES: Choice<MemorialLayout>[] = [
  { value: 'classic', title: LAYOUT_NAMES.classic, description: 'Én rolig spalte, som et trykt mindekort.' },
  { value: 'enhanced', title: LAYOUT_NAMES.enhanced, description: 'Et stort forsidebillede øverst og flere billeder i galleriet.' },
];

export const THEME_CHOICES: Choice<MemorialTheme>[] = MEMORIAL_THEMES.map((theme) => ({
  value: theme,
  title: THEME_NAMES[theme],
  mark: isPremiumTheme(theme) ? <PremiumMark /> : undefined,
  // The swatch wears the theme's own colours (styles.css), so what is chosen is what is seen.
  preview: (
    <span data-memorial-theme={theme} aria-hidden="true" className="flex h-12 overflow-hidden rounded-lg border border-border">
      <span className="flex-1" style={{ background: 'var(--memorial-tint)' }} />
      <span className="w-1/3" style={{ background: 'var(--memorial-accent)' }} />
    </span>
  ),
}));
