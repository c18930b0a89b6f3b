/**
 * /pricing (the plans from GET /api/plans, in Danish kroner incl. moms) and /contact (the form,
 * its checks, the confirmation and the receipt e-mail, the hidden robot field, the rate limit).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CONTACT_THANKS } from '../../src/shared/contact';
import { formatPrice, type Plan } from '../../src/shared/pricing';
import { expectNoAxeViolations } from '../support/browser';
import { callApi } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { expectFieldError, expectToast, holdRequests, visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 0 });

const INTERVALS: Record<Plan['interval'], string> = { once: 'engangsbeløb', month: 'pr. måned', year: 'pr. år' };

function contactForm(page: Page) {
  const main = page.getByRole('main');
  return {
    name: main.getByLabel('Navn', { exact: true }),
    email: main.getByLabel('E-mail', { exact: true }),
    subject: main.getByLabel('Emne (valgfrit)', { exact: true }),
    message: main.getByLabel('Besked', { exact: true }),
    submit: main.getByRole('button', { name: 'Send besked' }),
  };
}

async function withDarkTheme(page: Page) {
  await page.context().addInitScript(() => localStorage.setItem('theme', 'dark'));
}

describe('/pricing', () => {
  test('shows the server’s plans with their prices in kroner incl. 25 % moms, the highlighted one marked, selling only what exists', async () => {
    const { page, server } = e2e;
    const { body } = await callApi<{ plans: Plan[] }>(server, 'GET', '/api/plans');
    expect(body.plans.length).toBeGreaterThan(1);

    await page.goto('/pricing');
    await visible(page.getByRole('heading', { level: 1, name: 'Priser' }));
    const sold = body.plans;
    expect(sold.length).toBeGreaterThan(1);
    // This installation has no AI provider (the embedded default): the AI greeting is not offered.
    expect(sold.map((plan) => plan.slug)).not.toContain('animeret-hilsen');
    expect(await page.getByRole('article', { name: 'Animeret hilsen' }).count()).toBe(0);
    // Nothing on the page sells an AI extra here, nor the layouts every memorial has for free;
    // Premium's themes, music and family tree it sells, because the server enforces them.
    const main = await page.getByRole('main').innerText();
    for (const claim of [/\bAI\b/, /animere/i, /Alle temaer og begge layouts/, /kommer snart/i]) expect(main).not.toMatch(claim);
    await visible(page.getByText('Begge layouts, det klassiske og det udvidede, er med på den gratis mindeside, og det samme er farvetemaerne Lys og Skumring.'));
    const monthly = sold.find((plan) => plan.slug === 'premium-maaned')!;
    expect(monthly.features).toEqual(['Alle temaer', 'Ubegrænset antal billeder og videoer', 'Musik på mindesiden', 'Stamtræ']);
    expect(monthly.description).toBe('Flere farver og flere minder – betal måned for måned, og stop når I vil.');
    for (const plan of sold) {
      const card = page.getByRole('article', { name: plan.name, exact: true });
      const text = (await (await visible(card)).innerText()).replace(/\s+/g, ' ');
      if (plan.priceOre === 0) {
        expect(text).toContain('Gratis');
      } else {
        const price = formatPrice(plan.priceOre);
        expect(price).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} kr\.$/);
        expect(text).toContain(`${price} ${INTERVALS[plan.interval]}`);
      }
      if (plan.description) expect(text).toContain(plan.description);
      for (const feature of plan.features) expect(text).toContain(feature);
      expect(text.includes('Anbefalet'), `${plan.name} marked as recommended`).toBe(plan.highlighted);
    }
    await visible(page.getByText('Alle priser er i danske kroner inkl. 25 % moms.'));
    await visible(page.getByRole('heading', { level: 2, name: 'Det er altid gratis' }));
    expect(await page.getByRole('main').getByRole('link', { name: 'Sådan får I en QR-kode' }).getAttribute('href')).toBe('/qr-info');
    expect(await page.getByRole('main').getByRole('link', { name: 'Kontakt os' }).getAttribute('href')).toBe('/contact');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  });

  test('says so when the prices cannot be fetched, and "Prøv igen" fetches them again', async () => {
    const { page } = e2e;
    e2e.expectBrowserError(/status of 503 .*\/api\/plans\)$/);
    await page.route('**/api/plans', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Priserne er midlertidigt utilgængelige.' }) }),
    );
    await page.goto('/pricing');
    await visible(page.getByText('Priserne kunne ikke hentes'));
    await visible(page.getByText('Priserne er midlertidigt utilgængelige.'));
    await page.unroute('**/api/plans');
    await page.getByRole('button', { name: 'Prøv igen' }).click();
    await visible(page.getByText('Alle priser er i danske kroner inkl. 25 % moms.'));
  });

  test('passes axe in the light and the dark theme', async () => {
    const { page } = e2e;
    await page.goto('/pricing');
    await visible(page.getByText('Alle priser er i danske kroner inkl. 25 % moms.'));
    await expectNoAxeViolations(page);
    await withDarkTheme(page);
    await page.reload();
    await visible(page.getByText('Alle priser er i danske kroner inkl. 25 % moms.'));
    await expectNoAxeViolations(page);
  });
});

describe('/contact', () => {
  test('checks the fields in the browser with the server\'s own messages, before sending anything', async () => {
    const { page } = e2e;
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact') posts.push(request.url());
    });
    await page.goto('/contact');
    await visible(page.getByRole('heading', { level: 1, name: 'Kontakt os' }));
    const form = contactForm(page);
    await form.submit.click();
    await expectFieldError(form.name, 'Skriv dit navn.');
    await expectFieldError(form.email, 'Skriv en gyldig e-mailadresse.');
    await expectFieldError(form.message, 'Skriv mindst 10 tegn, så vi kan hjælpe dig.');

    await form.name.fill('Karen Mortensen');
    await form.email.fill('karen@eksempel');
    await form.message.fill('For kort');
    await form.submit.click();
    await expectFieldError(form.email, 'Skriv en gyldig e-mailadresse.');
    await expectFieldError(form.message, 'Skriv mindst 10 tegn, så vi kan hjælpe dig.');
    expect(await form.name.getAttribute('aria-invalid')).toBeNull();
    expect(posts).toEqual([]);

    // The contact address is offered as well.
    const mail = page.getByRole('main').getByRole('link', { name: /@/ });
    expect(await mail.getAttribute('href')).toMatch(/^mailto:.+@.+/);
  });

  test('sends a message: "Sender..." while waiting, then the confirmation, and the receipt arrives by e-mail', async () => {
    const { page, server } = e2e;
    await page.goto('/contact');
    const form = contactForm(page);
    await form.name.fill('Karen Mortensen');
    await form.email.fill('karen.kontakt@eksempel.dk');
    await form.subject.fill('QR-plade til min fars sten');
    await form.message.fill('Kan I gravere en QR-plade, der passer til en sten fra 1998?');

    const pending = await holdRequests(page, '**/api/contact');
    await form.submit.click();
    await pending.held;
    const busy = await visible(page.getByRole('button', { name: 'Sender...' }));
    expect(await busy.isDisabled()).toBe(true);
    pending.release();

    await visible(page.getByRole('heading', { name: 'Din besked er sendt' }));
    await visible(page.getByText(CONTACT_THANKS, { exact: true }));
    expect(await form.submit.count()).toBe(0);

    const mail = await server.mail.waitFor((m) => m.to.includes('karen.kontakt@eksempel.dk'));
    expect(mail.subject).toBe('Vi har modtaget din besked');
    expect(mail.text).toContain('Kan I gravere en QR-plade, der passer til en sten fra 1998?');
  });

  test('shows a field the server refused at that field', async () => {
    const { page } = e2e;
    e2e.expectBrowserError(/status of 400 .*\/api\/contact\)$/);
    // A refusal the browser's own check cannot produce (the server's answer is stood in for).
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Den e-mailadresse kan ikke modtage post.', field: 'email' }) }),
    );
    await page.goto('/contact');
    const form = contactForm(page);
    await form.name.fill('Karen Mortensen');
    await form.email.fill('karen@findes-ikke.dk');
    await form.message.fill('Et spørgsmål om min mors mindeside.');
    await form.submit.click();
    await expectFieldError(form.email, 'Den e-mailadresse kan ikke modtage post.');
    await visible(form.submit);
  });

  test('the robot field is out of sight, out of the tab order and out of the accessibility tree', async () => {
    const { page } = e2e;
    await page.goto('/contact');
    await visible(contactForm(page).submit);
    const honeypot = page.locator('input[name="website"]');
    expect(await honeypot.count()).toBe(1);
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    expect(await honeypot.getAttribute('autocomplete')).toBe('off');
    expect(await honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    const box = await honeypot.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);

    // From "Besked" the next stop is the button.
    const form = contactForm(page);
    await form.message.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Send besked');
  });

  test('passes axe in the light and the dark theme, with and without field messages', async () => {
    const { page } = e2e;
    await page.goto('/contact');
    await visible(contactForm(page).submit);
    await expectNoAxeViolations(page);
    await withDarkTheme(page);
    await page.reload();
    await contactForm(page).submit.click();
    await expectFieldError(contactForm(page).name, 'Skriv dit navn.');
    await expectNoAxeViolations(page);
  });

  // Last in the file: it uses up this address's allowance of messages.
  test('too many messages: the server\'s refusal comes as a destructive toast and the text stays', async () => {
    const { page, server } = e2e;
    e2e.expectBrowserError(/status of 429 .*\/api\/contact\)$/);
    for (let i = 0; i < 50; i++) {
      const response = await callApi(server, 'POST', '/api/contact', {
        body: { name: 'Robot Test', email: 'spam@eksempel.dk', message: 'Fylder kvoten op for testen.', website: 'https://spam.example' },
      });
      if (response.status === 429) break;
      expect(response.status).toBe(201);
    }
    await page.goto('/contact');
    const form = contactForm(page);
    await form.name.fill('Karen Mortensen');
    await form.email.fill('karen@eksempel.dk');
    await form.message.fill('Et spørgsmål om min mors mindeside.');
    await form.submit.click();
    await expectToast(page, 'Beskeden blev ikke sendt', { destructive: true });
    expect(await form.message.inputValue()).toBe('Et spørgsmål om min mors mindeside.');
  });
});
