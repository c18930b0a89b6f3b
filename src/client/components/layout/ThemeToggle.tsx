import { Moon, Sun } from 'lucide-react';
import { isDark, setTheme, useTheme } from '@/client/lib/theme';
import { cn } from '@/client/lib/cn';

export function ThemeToggle({ className }: { className?: string }) {
  const dark = isDark(useTheme());
  return (
    <button
      type="button"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      aria-label={dark ? 'Skift til lyst tema' : 'Skift til mørkt tema'}
      title={dark ? 'Lyst tema' : 'Mørkt tema'}
      className={cn(
        'inline-flex size-12 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-3 focus-visible:outline-ring',
        className,
      )}
    >
      {dark ? <Sun className="size-5" aria-hidden="true" /> : <Moon className="size-5" aria-hidden="true" />}
    </button>
  );
}
