/**
 * The cookie banner's buttons, without the app: "Accepter alle" and "Kun nødvendige" save the
 * choice (save-choices.ts, loaded on the click) and "Indstillinger" opens the settings dialog. The
 * banner is HTML the server wrote into the page (CookieBanner.tsx); public/consent-init.js decided
 * before the first paint whether it shows. Without the server's banner (a build without the
 * server-side bundle) the browser draws it here.
 */
export const COOKIE_BANNER_ID = 'cookie-banner';

/** Set on <html> by public/consent-init.js while a choice is asked for; styles.css shows the banner then. */
const ASKING_ATTRIBUTE = 'data-consent';

/** Hides the banner for good on this page: a choice has been saved. */
export function stopAskingForConsent() {
  document.documentElement.removeAttribute(ASKING_ATTRIBUTE);
}

function wire(banner: HTMLElement, openSettings: () => void) {
  // From now on a tap is answered here; public/early-taps.js stops remembering taps on the banner
  // (one made before this, on a visitor's memorial page, is pressed again when the page comes alive).
  banner.setAttribute('data-live', '');
  const buttons = () => banner.querySelectorAll<HTMLButtonElement>('button[data-consent-choice]');
  banner.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-consent-choice]');
    if (!button || button.disabled) return;
    const choice = button.dataset.consentChoice;
    if (choice === 'settings') {
      openSettings();
      return;
    }
    // Disabled while the five calls run, so a second tap on a slow connection saves nothing twice.
    for (const each of buttons()) each.disabled = true;
    void Promise.all([import('./save-choices'), import('./consent-store')])
      .then(([{ saveChoices }, { ALL_PURPOSES, ONLY_NECESSARY }]) => saveChoices(choice === 'all' ? ALL_PURPOSES : ONLY_NECESSARY))
      .catch((error: unknown) => console.warn('Cookie-valg kunne ikke gemmes', error))
      .finally(() => {
        for (const each of buttons()) each.disabled = false;
      });
  });
}

export function startCookieBanner(openSettings: () => void) {
  const banner = document.getElementById(COOKIE_BANNER_ID);
  if (banner) wire(banner, openSettings);
  else if (document.documentElement.hasAttribute(ASKING_ATTRIBUTE)) {
    void import('./draw-cookie-banner').then(({ drawCookieBanner }) => wire(drawCookieBanner(), openSettings));
  }
}
