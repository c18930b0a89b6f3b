/**
 * A chart is drawn on a canvas, which knows nothing of CSS: its colours are read from the theme's
 * custom properties (styles.css) when it is drawn, and it is drawn again when the theme changes.
 */

/** The theme's colours a series may be drawn in (styles.css, light and dark). */
export const CHART_COLOURS = ['chart-1', 'chart-2', 'chart-3', 'chart-4', 'chart-5', 'gold', 'destructive', 'foreground', 'muted-foreground'] as const;
export type ChartColour = (typeof CHART_COLOURS)[number];

export interface ChartTheme {
  text: string;
  grid: string;
  axis: string;
  colour(token: ChartColour): string;
  font: string;
}

export function readChartTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(`--${name}`).trim();
  const font = getComputedStyle(document.body).fontFamily;
  return {
    text: read('muted-foreground'),
    grid: withAlpha(read('border'), 0.9),
    axis: read('border'),
    colour: (token) => read(token),
    font: `15px ${font}`,
  };
}

/** `#rrggbb` at `alpha`, for a line's fill under it; any other colour is left as it is. */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!hex) return colour;
  const n = Number.parseInt(hex[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** Calls `changed` when the theme changes (theme.ts toggles the `dark` class on <html>). */
export function watchTheme(changed: () => void): () => void {
  const root = document.documentElement;
  let dark = root.classList.contains('dark');
  const observer = new MutationObserver(() => {
    if (root.classList.contains('dark') === dark) return;
    dark = !dark;
    changed();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
