/**
 * The archive's one style sheet: the memorial's look (client/styles.css) as plain CSS, with no
 * build step and nothing from the network: warm paper and ink-brown text, the memorial's own
 * colour theme for its ornaments, the site's two typefaces carried in the ZIP (skrift/), a dark
 * version when the reader's computer is dark, and type large enough for older eyes (18 px body).
 */
import type { MemorialTheme } from '../../shared/memorials';

/** The memorial themes' accent, its text colour and tint, light and dark (client/styles.css). */
const THEMES: Record<MemorialTheme, { light: [string, string, string]; dark: [string, string, string] }> = {
  lys: { light: ['#b8862f', '#7e5711', '#f3e3c2'], dark: ['#e0b466', '#e9c581', '#3a3023'] },
  skumring: { light: ['#7a68a6', '#5a4a85', '#e9e3f2'], dark: ['#b6a6e0', '#cbbff0', '#2a2533'] },
  skov: { light: ['#5f7d4f', '#44603a', '#e3ead9'], dark: ['#9bb78a', '#b5cfa4', '#232a1f'] },
  hav: { light: ['#3f7390', '#2d5a73', '#dde9ef'], dark: ['#8fbcd4', '#a9cde0', '#1d2830'] },
  rosa: { light: ['#a45d6e', '#874457', '#f3e1e4'], dark: ['#dea0ae', '#e9b8c3', '#30222a'] },
};

/** The fonts' files inside the ZIP, as the sheet names them (memorial-zip.ts copies them there). */
export const ARCHIVE_FONTS = {
  serif: 'skrift/fraunces.woff2',
  serifItalic: 'skrift/fraunces-kursiv.woff2',
  sans: 'skrift/source-sans-3.woff2',
} as const;

const vars = ([accent, text, tint]: [string, string, string]) => `--accent: ${accent}; --accent-text: ${text}; --tint: ${tint};`;

export function archiveStyle(theme: MemorialTheme): string {
  const colours = THEMES[theme] ?? THEMES.lys;
  return `/* Mindested: et arkiv af en mindeside. */
@font-face { font-family: 'Fraunces'; src: url('${ARCHIVE_FONTS.serif}') format('woff2'); font-weight: 100 900; font-style: normal; font-display: swap; }
@font-face { font-family: 'Fraunces'; src: url('${ARCHIVE_FONTS.serifItalic}') format('woff2'); font-weight: 100 900; font-style: italic; font-display: swap; }
@font-face { font-family: 'Source Sans 3'; src: url('${ARCHIVE_FONTS.sans}') format('woff2'); font-weight: 200 900; font-style: normal; font-display: swap; }

:root {
  --paper: #f8f3ea; --paper-deep: #efe6d7; --ink: #2a241f; --card: #fffcf6; --muted: #645a50; --border: #e0d5c5;
  ${vars(colours.light)}
  --serif: 'Fraunces', 'Iowan Old Style', Georgia, serif;
  --sans: 'Source Sans 3', 'Segoe UI', system-ui, sans-serif;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root { --paper: #1b1815; --paper-deep: #14120f; --ink: #f0e9de; --card: #24201c; --muted: #b8ad9f; --border: #3b352e; ${vars(colours.dark)} }
}

* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--paper); color: var(--ink);
  font: 1.125rem/1.65 var(--sans);
  background-image: linear-gradient(to bottom, var(--tint), var(--paper) 28rem);
  background-repeat: no-repeat;
}
a { color: var(--accent-text); text-underline-offset: 4px; }
a:focus-visible { outline: 3px solid var(--accent); outline-offset: 3px; border-radius: 4px; }
img, video { max-width: 100%; height: auto; }
h1, h2, h3 { font-family: var(--serif); font-weight: 500; line-height: 1.2; margin: 0 0 0.5em; }
.skip { position: absolute; left: -999px; top: 0; background: var(--card); padding: 0.75rem 1rem; }
.skip:focus { left: 1rem; top: 1rem; z-index: 1; }

.masthead { max-width: 60rem; margin: 0 auto; padding: 1.25rem 1.25rem 0; display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; align-items: baseline; justify-content: space-between; }
.masthead-name { margin: 0; font-family: var(--serif); font-size: 1.3rem; }
.masthead-name a { color: var(--ink); text-decoration: none; }
.masthead ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 0.5rem; }
.masthead li a { display: inline-block; min-height: 44px; padding: 0.55rem 0.75rem; border-radius: 999px; text-decoration: none; font-weight: 600; font-size: 1rem; }
.masthead li a[aria-current='page'] { background: var(--card); color: var(--ink); box-shadow: inset 0 0 0 1px var(--border); }

main { max-width: 60rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: clamp(1.25rem, 4vw, 2.5rem); margin: 0 0 1.5rem; }
.part-title { font-size: clamp(2rem, 6vw, 2.75rem); text-align: center; margin: 0.5rem 0 2rem; }
.section-title { font-size: 1.6rem; margin: 2.5rem 0 1rem; }
.lead, .hint, .label, .note, .signature, .when, .person-years, .person-places, .partnership, .candle-day { color: var(--muted); }
.label { display: inline-block; margin: 0 0 0.75rem; padding: 0.1rem 0.7rem; border: 1px solid var(--accent); border-radius: 999px; font-size: 0.95rem; font-weight: 600; color: var(--accent-text); }

.front { text-align: center; padding-top: 2.5rem; }
.portrait { width: min(15rem, 60vw); aspect-ratio: 4 / 5; object-fit: cover; border-radius: 0.5rem; border: 6px solid var(--paper); box-shadow: 0 0 0 1px var(--border), 0 12px 30px rgba(60, 40, 20, 0.15); margin: 0 auto 1.5rem; display: block; }
.overline { text-transform: uppercase; letter-spacing: 0.18em; font-size: 0.95rem; color: var(--accent-text); margin: 0 0 0.25rem; }
.front h1 { font-size: clamp(2.25rem, 8vw, 3.5rem); margin: 0 0 0.5rem; }
.span { font-family: var(--serif); font-size: 1.3rem; margin: 0; }
.places, .grave, .candles { color: var(--muted); margin: 0.5rem 0 0; }
.epitaph { font-family: var(--serif); font-style: italic; font-size: 1.35rem; margin: 1.75rem auto 0.5rem; max-width: 34rem; padding: 1rem 0; border-top: 1px solid var(--accent); border-bottom: 1px solid var(--accent); }
.epitaph p { margin: 0; }
.greeting video { width: 100%; border-radius: 0.5rem; background: #000; }
.greeting-message { font-family: var(--serif); font-size: 1.25rem; font-style: italic; }

.parts ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); }
.parts a { display: block; min-height: 44px; padding: 1.25rem 1.5rem; background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; text-decoration: none; color: var(--ink); }
.parts a:hover { border-color: var(--accent); }
.part-name { display: block; font-family: var(--serif); font-size: 1.4rem; color: var(--accent-text); }
.part-about { display: block; color: var(--muted); }

.story { font-size: 1.1875rem; line-height: 1.75; }
.story > * + * { margin-top: 1.1em; }
.story > p:first-child::first-letter { float: left; font-family: var(--serif); font-size: 3.6em; line-height: 0.85; padding: 0.08em 0.12em 0 0; color: var(--accent-text); }
.story blockquote { border-left: 3px solid var(--accent); margin-left: 0; padding-left: 1em; font-family: var(--serif); font-style: italic; }

.timeline { list-style: none; }
.timeline li { border-left: 3px solid var(--accent); padding: 0 0 1.5rem 1.25rem; margin-left: 0.25rem; }
.timeline li:last-child { padding-bottom: 0; }
.timeline h2 { font-size: 1.35rem; margin: 0 0 0.25rem; }
.when { margin: 0; font-weight: 600; }

.gallery { display: grid; gap: 1.25rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
.gallery figure { margin: 0; background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: 0.6rem; }
.gallery img { display: block; width: 100%; aspect-ratio: 4 / 3; object-fit: cover; border-radius: 0.4rem; }
.gallery video { display: block; width: 100%; border-radius: 0.4rem; background: #000; }
.gallery figcaption { padding: 0.6rem 0.3rem 0.2rem; font-size: 1rem; }
.film.link p { margin: 0.5rem 0.3rem; overflow-wrap: anywhere; }

.people { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
.person { background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: 1rem 1.25rem; }
.person.root { border-color: var(--accent); box-shadow: inset 0 0 0 1px var(--accent); }
.person img { width: 4.5rem; height: 4.5rem; object-fit: cover; border-radius: 50%; float: right; margin: 0 0 0.5rem 0.75rem; }
.person p { margin: 0; }
.person-name { font-family: var(--serif); font-size: 1.2rem; }
.person-note { margin-top: 0.5rem !important; font-size: 1rem; }
.person:target { outline: 3px solid var(--accent); }
.family h2 { font-size: 1.3rem; margin: 0; }
.family p { margin: 0.35rem 0 0; }

.songs, .entries { list-style: none; padding: 0; margin: 0; }
.song audio { width: 100%; margin: 0.5rem 0; }
.song summary { cursor: pointer; font-weight: 600; min-height: 44px; padding: 0.6rem 0; }
.lyrics { font-family: var(--serif); white-space: normal; }
.entry p { margin: 0 0 0.75rem; }
.entry img { display: block; max-width: min(100%, 28rem); border-radius: 0.5rem; margin: 0.5rem 0 1rem; }
.signature { font-style: italic; margin: 0 !important; }
.candles-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
.candles-list li { display: grid; grid-template-columns: auto 1fr; gap: 0 0.75rem; align-items: start; background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: 0.9rem 1rem; }
.candles-list li > :not(.flame) { grid-column: 2; }
.flame { grid-row: span 3; width: 0.9rem; height: 1.4rem; margin-top: 0.2rem; border-radius: 50% 50% 50% 50% / 60% 60% 40% 40%; background: radial-gradient(circle at 50% 70%, #fff6d5, #f2b84b 55%, #d9822b); box-shadow: 0 0 12px rgba(242, 184, 75, 0.6); }
.candle-words { font-style: italic; }
.candle-day { font-size: 0.95rem; }

.colophon { max-width: 60rem; margin: 0 auto; padding: 0 1.25rem 3rem; color: var(--muted); font-size: 1rem; }
.colophon p { margin: 0; padding-top: 1.5rem; border-top: 1px solid var(--border); }
.candles .flame { display: inline-block; vertical-align: -0.2rem; margin-right: 0.5rem; }
.address { overflow-wrap: anywhere; }

@media print {
  body { background: #fff; }
  .masthead nav, .skip, video, audio { display: none; }
  .card, .person, .gallery figure { break-inside: avoid; }
}
`;
}
