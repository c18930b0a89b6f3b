/**
 * A family orders a QR plaque for their memorial and pays by bank transfer (issue 22), in Chromium
 * on a phone against the production server: the proof drawn from their choices carries the
 * memorial's own code (read back with zbarimg), a memorial without a code says why none can be
 * drawn, the delivery address's rules speak at its fields, a double press of "Bestil og betal"
 * makes one order, and the invoice page gives the transfer details with the invoice's number.
 * /subscription, /orders and /invoice-payment/{id} pass axe. Two extra codes are ordered from
 * /orders in a company's name, at the catalogue's price. Card payments are not set up here
 * (no STRIPE_SECRET_KEY): the pages say so and still sell by invoice.
 */
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { moneyMessages } from '../../src/shared/money-api';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectFieldError, visible, waitForPath } from '../support/e2e-ui';
import { INVOICING_ENV } from '../support/e2e-money';
import { createAdmin, verifiedStaffSession } from '../support/e2e-staff';
import { decodePng, pdfText } from '../support/qr-decode';

// The seller's and the bank's details an invoice needs (decision 0025), and no Stripe.
const e2e = setupE2e({ qrCodes: 2, env: { ...INVOICING_ENV, STRIPE_SECRET_KEY: '' } });

interface OrderList {
  orders: { id: string; kind: string; status: string; paymentMethod: string; totalOre: number }[];
}

/** What the first test leaves for the next ones: the journey goes on, one step a test, each with the whole time limit. */
let journey: { family: Awaited<ReturnType<typeof registerAccount>>; session: string; staff: Awaited<ReturnType<typeof createAdmin>>; orderId: string; number: string } | undefined;
const journeySoFar = () => {
  if (!journey) throw new Error('the order was not made: see the test before');
  return journey;
};

describe('a family orders a QR plaque', () => {
  test('sees the proof with its own code, pays by bank transfer once, and gets the invoice with the transfer details', async () => {
    const { page, server } = e2e;
    await page.setViewportSize({ width: 360, height: 780 });
    await consentGiven(page);

    // A family with a memorial whose stone has their code, and a second memorial without one.
    // Staff first: on the embedded database, making an admin restarts the server.
    const staff = await createAdmin(server);
    const family = await registerAccount(server, { fullName: 'Ole Lund' });
    const session = await signInBrowser(page.context(), server, family);
    const memorial = (await callApi<Memorial>(server, 'POST', '/api/memorials', { session, body: { name: 'Grethe Lund' } })).body;
    await callApi<Memorial>(server, 'POST', '/api/memorials', { session, body: { name: 'Aksel Lund' } });
    expect((await callApi(server, 'POST', `/api/qr-codes/${family.qrCode}/link`, { session, body: { memorial: memorial.id } })).status).toBe(200);

    // No orders yet.
    await page.goto('/orders');
    await visible(page.getByRole('heading', { level: 1, name: 'Mine bestillinger' }));
    await visible(page.getByText('Ingen bestillinger endnu'));
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Bestil QR-plade' }).click();
    await waitForPath(page, '/orders', '?new=plaque');
    await visible(page.getByRole('heading', { level: 1, name: 'Bestil QR-plade' }));

    // A memorial without a code: the server's sentence instead of a picture.
    e2e.expectBrowserError(/status of 422 .*\/api\/plaque-proof/);
    await page.getByLabel('Mindeside').selectOption({ label: 'Aksel Lund' });
    await page.locator('label').filter({ has: page.getByRole('radio', { name: /rustfrit stål, 8 × 8 cm/ }) }).click();
    await visible(page.getByText(moneyMessages.plaqueNeedsCode).filter({ visible: true }));

    // Grethe's stone: the proof shows the text and carries her code.
    await page.getByLabel('Mindeside').selectOption({ label: 'Grethe Lund' });
    await page.getByLabel('Linje 1').fill('Grethe Lund');
    await page.getByLabel('Linje 2').fill('1932–2021');
    const proof = await visible(page.getByRole('img', { name: /Prøvetryk af pladen med QR-koden og teksten: Grethe Lund, 1932–2021/ }).filter({ visible: true }));
    const src = (await proof.getAttribute('src'))!;
    expect(src.startsWith('data:image/png;base64,')).toBe(true);
    expect(await decodePng(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'))).toEqual([`${server.baseUrl}/qr/${family.qrCode}`]);

    // Bank transfer is chosen by itself: card and MobilePay are not set up, and say so.
    await visible(page.getByText(moneyMessages.stripeMissing));
    expect(await page.getByRole('radio', { name: /Kort/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: /Bankoverførsel/ }).isChecked()).toBe(true);

    // The address's rules speak at its fields.
    const order = page.getByRole('button', { name: /^Bestil og betal/ });
    await order.click();
    await expectFieldError(page.getByLabel('Modtagerens navn'), moneyMessages.deliveryName);
    await expectFieldError(page.getByLabel('Postnummer'), moneyMessages.postcode);
    await page.getByLabel('Modtagerens navn').fill('Ole Lund');
    await page.getByLabel('Adresse', { exact: true }).fill('Kirkebakken 7');
    await page.getByLabel('Postnummer').fill('68');
    await page.getByLabel('By').fill('Ribe');
    await order.click();
    await expectFieldError(page.getByLabel('Postnummer'), moneyMessages.postcode);
    await page.getByLabel('Postnummer').fill('6760');

    // A double press makes one order, and leads to its invoice.
    await order.dblclick();
    await page.waitForURL(/\/invoice-payment\/[0-9a-f-]{36}$/);
    const heading = await visible(page.getByRole('heading', { level: 1, name: /^Faktura nr\. \d+$/ }));
    const number = (await heading.textContent())!.replace(/\D/g, '');
    const mine = await callApi<OrderList>(server, 'GET', '/api/orders', { session });
    expect(mine.body.orders).toHaveLength(1);
    expect(mine.body.orders[0]).toMatchObject({ kind: 'plaque', status: 'pending_payment', paymentMethod: 'bank_transfer', totalOre: 79900 });

    // The transfer details, the amount with its moms, and the number to write on the transfer.
    const main = page.getByRole('main');
    await visible(main.getByText('Ikke betalt', { exact: true }));
    await visible(main.getByText('DK50 0040 0440 1162 43', { exact: true }));
    await visible(main.getByText('12345678', { exact: true }));
    await visible(main.getByText(`Skriv fakturanummeret ${number} på overførslen.`));
    await visible(main.getByRole('row', { name: /Moms 25 % 159,80 kr\./ }));
    await visible(main.getByRole('row', { name: /I alt 799,00 kr\./ }));
    await visible(main.getByRole('link', { name: 'Hent faktura (PDF)' }));
    await expectNoAxeViolations(page);

    // The order, with its engraving and where it goes.
    await main.getByRole('link', { name: /^ordre nr\./ }).click();
    await visible(page.getByRole('heading', { level: 1, name: /^Ordre nr\. \d+$/ }));
    await visible(main.getByText('Grethe Lund 1932–2021'));
    await visible(main.getByText('Kirkebakken 7'));
    await visible(main.getByRole('link', { name: `Faktura nr. ${number}`, exact: true }));
    await page.goto('/orders');
    await visible(main.getByRole('link', { name: /QR-plade.*Grethe Lund.*799,00 kr\..*Afventer betaling/ }));
    await expectNoAxeViolations(page);
    journey = { family, session, staff, orderId: mine.body.orders[0]!.id, number };
  });

  test('staff see the transfer arrive and send the plaque; the family follows it on /orders and opens the invoice PDF', async () => {
    const { page, server } = e2e;
    const { family, staff, orderId, number } = journeySoFar();
    await page.setViewportSize({ width: 360, height: 780 });
    await consentGiven(page);
    await signInBrowser(page.context(), server, family);
    const main = page.getByRole('main');
    const { session: staffSession } = await verifiedStaffSession(server, staff);
    expect((await callApi(server, 'POST', `/api/admin/orders/${orderId}/mark-paid`, { session: staffSession })).status).toBe(200);
    expect((await callApi(server, 'POST', `/api/admin/orders/${orderId}/status`, { session: staffSession, body: { status: 'in_production' } })).status).toBe(200);
    expect((await callApi(server, 'POST', `/api/admin/orders/${orderId}/status`, { session: staffSession, body: { status: 'shipped', note: 'PostNord 00370712345678' } })).status).toBe(200);
    await page.goto('/orders');
    await main.getByRole('link', { name: /QR-plade.*Grethe Lund.*799,00 kr\..*Afsendt/ }).click();
    await visible(main.getByText('PostNord 00370712345678'));
    const pdfLink = await visible(main.getByRole('link', { name: `Hent PDF (Faktura nr. ${number})` }));
    const pdf = await page.request.get(new URL((await pdfLink.getAttribute('href'))!, server.baseUrl).href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await pdf.body());
    expect(text).toMatch(new RegExp(`Fakturanr\\.\\s+${number}\\b`));
    expect(text).toContain('CVR-nr. 12345674');
    expect(text).toMatch(/Moms 25 %\s+159,80 kr\./);
    expect(text).toMatch(/I alt inkl\. moms\s+799,00 kr\./);
    expect(text).toContain('med bankoverførsel');
  });

  test('/subscription shows both memorials on the free plan, with Premium to buy by invoice', async () => {
    const { page, server } = e2e;
    const { family } = journeySoFar();
    await page.setViewportSize({ width: 360, height: 780 });
    await consentGiven(page);
    await signInBrowser(page.context(), server, family);
    const main = page.getByRole('main');

    // /subscription: both memorials on the free plan, Premium to buy; card again said not to be set up.
    await page.goto('/subscription');
    await visible(page.getByRole('heading', { level: 1, name: 'Abonnementer' }));
    const grethe = await visible(main.getByRole('article', { name: 'Grethe Lund' }));
    await visible(grethe.getByText('Gratis plan'));
    await grethe.getByRole('button', { name: 'Køb Premium' }).click();
    await visible(grethe.getByRole('radio', { name: /Årlig/ }));
    await visible(grethe.getByText(moneyMessages.stripeMissing));
    await visible(grethe.getByRole('button', { name: /^Bestil og få faktura · 490,00 kr\.$/ }));
    await expectNoAxeViolations(page);
  });

  test('orders two extra codes from /orders as a business: the catalogue price per code, an invoice in the company name, the order in the list', async () => {
    const { page, server } = e2e;
    const { family } = journeySoFar();
    await page.setViewportSize({ width: 360, height: 780 });
    await consentGiven(page);
    await signInBrowser(page.context(), server, family);
    const main = page.getByRole('main');

    // The tile carries the catalogue's price per code; the form counts with it.
    await page.goto('/orders');
    await main.getByRole('link', { name: /Ekstra QR-koder 99,00 kr\. pr\. stk\./ }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Bestil ekstra QR-koder' }));
    await page.getByLabel('Mindeside').selectOption({ label: 'Grethe Lund' });
    await page.getByRole('button', { name: 'Én mere' }).click();
    expect(await page.getByLabel('Antal koder').inputValue()).toBe('2');
    await visible(main.getByText('I alt 198,00 kr. inkl. moms'));
    await page.getByLabel('Modtagerens navn').fill('Ole Lund');
    await page.getByLabel('Adresse', { exact: true }).fill('Kirkebakken 7');
    await page.getByLabel('Postnummer').fill('6760');
    await page.getByLabel('By').fill('Ribe');
    await page.getByLabel(/Vi køber som virksomhed/).check();
    await page.getByLabel('Virksomhedens navn').fill('Lund Sten ApS');
    await page.getByLabel('CVR-nummer', { exact: true }).fill('12345678');
    const order = page.getByRole('button', { name: 'Bestil og betal · 198,00 kr.' });
    await order.click();
    await expectFieldError(page.getByLabel('CVR-nummer', { exact: true }), moneyMessages.cvrInvalid);
    await page.getByLabel('CVR-nummer', { exact: true }).fill('31 24 56 72');
    await expectNoAxeViolations(page);
    await order.click();

    // The server's price on the invoice, which names the company; the order among the others.
    await page.waitForURL(/\/invoice-payment\/[0-9a-f-]{36}$/);
    await visible(main.getByRole('row', { name: /I alt 198,00 kr\./ }));
    const pdfLink = await visible(main.getByRole('link', { name: 'Hent faktura (PDF)' }));
    const pdf = await pdfText(await (await page.request.get(new URL((await pdfLink.getAttribute('href'))!, server.baseUrl).href)).body());
    expect(pdf).toContain('Lund Sten ApS');
    expect(pdf).toContain('31245672');
    await page.goto('/orders');
    await visible(main.getByRole('link', { name: /Ekstra QR-kode.*Grethe Lund.*198,00 kr\..*Afventer betaling/ }));
    await visible(main.getByRole('link', { name: /QR-plade.*Grethe Lund.*799,00 kr\..*Afsendt/ }));
  });

  test('a visitor is sent to log in; an invoice that is not yours is not found', async () => {
    const { page, server } = e2e;
    await consentGiven(page);
    await page.goto('/subscription');
    await waitForPath(page, '/login', `?redirect=${encodeURIComponent('/subscription')}`);

    const stranger = await registerAccount(server);
    await signInBrowser(page.context(), server, stranger);
    e2e.expectBrowserError(/status of 404 .*\/api\/invoices\//);
    await page.goto('/invoice-payment/6f1c0d2e-3b4a-4596-8778-695a4b3c2d1e');
    await visible(page.getByRole('heading', { level: 1, name: 'Fakturaen blev ikke fundet' }));
    await page.getByRole('main').getByRole('link', { name: 'Gå til mine bestillinger' }).click();
    await waitForPath(page, '/orders');
    await visible(page.getByText('Ingen bestillinger endnu'));
  });
});
