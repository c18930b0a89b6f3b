/**
 * The two demo memorials seeded with the demo account (src/server/demo/memorials.ts), by their
 * fixed addresses: the demo pages (/test-memorial, /gallery-demo, /theme-test) read them through
 * the ordinary API, so what they show is exactly what a visitor of a real memorial sees.
 */
export const DEMO_MEMORIAL_SLUGS = {
  /** Karen Margrethe Lund, in the classic layout and the "rosa" theme. */
  classic: 'karen-margrethe-lund-1939-2023',
  /** Poul Erik Mikkelsen, in the enhanced layout and the "hav" theme. */
  enhanced: 'poul-erik-mikkelsen-1944-2024',
} as const;
