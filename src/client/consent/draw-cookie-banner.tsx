/** The cookie banner drawn by the browser, for a page the server sent without it (cookie-banner.ts). */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { CookieBanner } from './CookieBanner';

export function drawCookieBanner(): HTMLElement {
  const scratch = document.createElement('div');
  flushSync(() => createRoot(scratch).render(<CookieBanner />));
  // Moved out to be a child of <body>, where the server places it: sticky works only there.
  const banner = scratch.firstElementChild as HTMLElement;
  document.body.append(banner);
  return banner;
}
