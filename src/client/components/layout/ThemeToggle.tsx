import { Monitor, Moon, Sun } from 'lucide-react';
import { setTheme, useTheme, type ThemeSetting } from '@/client/lib/theme';
import { cn } from '@/client/lib/cn';

/** The three settings in the order one press moves through them, in the words a reader hears. */
const NEXT: Record<ThemeSetting, ThemeSetting> = { light: 'dark', dark: 'system', system: 'light' };
const NAMES: Record<ThemeSetting, string> = { light: 'Lyst', dark: 'Mørkt', system: 'Følger systemet' };
const TO: Record<ThemeSetting, string> = { light: 'lyst tema', dark: 'mørkt tema', system: 'systemets tema' };
const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/**
 * One button that moves light → dark → system (SPEC.md §3; "system" is shown light). Its name says
 * the current theme and what a press does, so a screen reader user knows both.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme();
  const next = NEXT[theme];
  const Icon = ICONS[theme];
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      aria-label={`Tema: ${NAMES[theme]}. Skift til ${TO[next]}`}
      title={`Tema: ${NAMES[theme]}`}
      className={cn(
        'inline-flex size-12 shrink-0 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-3 focus-visible:outline-ring',
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
