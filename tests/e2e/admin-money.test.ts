/**
 * The back office's money pages (issue 22) in Chromium against the production server: an admin
 * finds a family's order paid by bank transfer on /admin/orders, marks the transfer received,
 * puts the order in production and ships it with a tracking number, and is told in Danish when
 * the order moved on in another tab meanwhile; the invoice shows as paid on /admin/invoices; a
 * price is changed on /admin/prices (typed the Danish way) and applies to new purchases while
 * the order keeps the price paid; axe finds nothing on any of the pages at a phone's and a desk's
 * width. The family's order is made through the API, as the order form makes it.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { adminMoneyMessages } from '../../src/shared/money-admin';
import { expectNoAxeViolations } from '../support/browser';
import { callApi } from '../support/e2e-api';
import { type CreatedOrder, INVOICING_ENV, familyWithMemorial, placeOrder } from '../support/e2e-money';
import { createAdmin, useSession, verifiedStaffSession } from '../support/e2e-staff';
import { setupE2e } from '../support/e2e-suite';
import { expectFieldError, expectToast, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 2, env: INVOICING_ENV });

const tracking = 'PostNord 00370712345678901234';
const delivery = { name: 'Jens Sørensen', address: 'Bøgevej 12', postcode: '8000', town: 'Aarhus C' };

interface AdminOrder {
  status: string;
  lines: { unitPriceOre: number }[];
  events: { status: string; note: string | null }[];
  invoices: { number: number; status: string }[];
}

let session: string;
let codes: CreatedOrder;

describe('the back office takes an order from bank transfer to shipped and changes a price', () => {
  beforeAll(async () => {
    const { server } = e2e;
    // The CLI restarts the embedded database's server: first, before anyone is signed in.
    const admin = await createAdmin(server, 'Birthe Bagkontor');
    const family = await familyWithMemorial(server, 'Jens Sørensen', 'Karen Margrethe Jensen');
    codes = await placeOrder(server, family.session, { kind: 'extra_codes', memorialId: family.memorial.id, quantity: 2, delivery });
    expect(codes.order.status).toBe('pending_payment');
    expect(codes.invoiceId).not.toBeNull();
    ({ session } = await verifiedStaffSession(server, admin));
  });

  const orderNow = async () => (await callApi<AdminOrder>(e2e.server, 'GET', `/api/admin/orders/${codes.order.id}`, { session })).body;

  test('an admin marks the transfer received, puts the order in production and ships it with a tracking number', async () => {
    const { page, server } = e2e;
    const number = codes.order.number;
    await useSession(page.context(), server, session);
    await page.goto('/admin/orders?status=pending_payment');
    await visible(page.getByRole('heading', { level: 1, name: 'Ordrer' }));
    await page.getByLabel('Søg', { exact: true }).fill(String(number));
    await waitForPath(page, '/admin/orders', `?q=${number}&status=pending_payment`);
    await visible(page.getByText('1 ordre', { exact: true }));
    await page.getByRole('main').getByRole('link', { name: `Ordre ${number}` }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: `Ordre ${number}` }));

    const actions = page.getByRole('region', { name: 'Handlinger' });
    const timeline = page.getByRole('region', { name: 'Forløb' });
    const invoices = page.getByRole('region', { name: 'Fakturaer' });
    await visible(page.getByRole('region', { name: 'Ordren' }).getByText('Bøgevej 12', { exact: true }));
    await visible(invoices.getByText('Ikke betalt', { exact: true }));

    await actions.getByRole('button', { name: 'Marker bankoverførsel som modtaget', exact: true }).click();
    const paying = await visible(page.getByRole('dialog', { name: `Er betalingen for ordre ${number} modtaget?` }));
    await visible(paying.getByText('Tjek først, at 198,00 kr. er kommet ind på kontoen', { exact: false }));
    await paying.getByRole('button', { name: 'Marker som betalt', exact: true }).click();
    await expectToast(page, `Ordre ${number} er betalt`, { description: 'Bankoverførslen er registreret, og fakturaen er markeret som betalt.' });
    await visible(invoices.getByText('Betalt', { exact: true }));
    await visible(timeline.getByText('Betalt', { exact: true }));

    await actions.getByRole('button', { name: 'Sæt i produktion', exact: true }).click();
    const producing = await visible(page.getByRole('dialog', { name: `Sæt ordre ${number} i produktion?` }));
    await producing.getByRole('button', { name: 'Sæt i produktion', exact: true }).click();
    await expectToast(page, `Ordre ${number} er sat i produktion`);
    await visible(timeline.getByText('I produktion', { exact: true }));

    await actions.getByRole('button', { name: 'Marker som afsendt', exact: true }).click();
    const shipping = await visible(page.getByRole('dialog', { name: `Marker ordre ${number} som afsendt?` }));
    await visible(shipping.getByText('Pakken går til Jens Sørensen, Bøgevej 12, 8000 Aarhus C.', { exact: true }));
    await shipping.getByLabel('Sporingsnummer (valgfrit)').fill(tracking);
    await shipping.getByRole('button', { name: 'Marker som afsendt', exact: true }).click();
    await expectToast(page, `Ordre ${number} er afsendt`, { description: `Sporingsnummer: ${tracking}` });
    await visible(timeline.getByText(tracking, { exact: true }));
    await visible(page.getByRole('main').getByText('Afsendt', { exact: true }).first());

    const shipped = await orderNow();
    expect(shipped.status).toBe('shipped');
    expect(shipped.events.map((event) => event.status)).toEqual(['pending_payment', 'paid', 'in_production', 'shipped']);
    expect(shipped.events.at(-1)?.note).toBe(tracking);
    expect(shipped.invoices.map((invoice) => invoice.status)).toEqual(['paid']);

    // Someone else marks it delivered meanwhile: this page still offers the step, and the server's refusal is said in Danish.
    const elsewhere = await callApi(server, 'POST', `/api/admin/orders/${codes.order.id}/status`, { session, body: { status: 'delivered', note: '' } });
    expect(elsewhere.status).toBe(200);
    e2e.expectBrowserError(/status of 409/);
    await actions.getByRole('button', { name: 'Marker som leveret', exact: true }).click();
    const delivering = await visible(page.getByRole('dialog', { name: `Marker ordre ${number} som leveret?` }));
    await delivering.getByRole('button', { name: 'Marker som leveret', exact: true }).click();
    await expectToast(page, 'Ordren blev ikke flyttet', { description: adminMoneyMessages.stepDoesNotFollow, destructive: true });
    // The question is moot: the dialog closes, and the order, read again, shows where it stands now.
    await delivering.waitFor({ state: 'detached' });
    await visible(timeline.getByText('Leveret', { exact: true }));
    expect(await actions.getByRole('button', { name: 'Marker som leveret' }).count()).toBe(0);

    // The invoice is paid in the list of invoices, and leads back to its order.
    await page.goto('/admin/invoices?status=paid');
    await visible(page.getByRole('heading', { level: 1, name: 'Fakturaer' }));
    const invoiceNumber = shipped.invoices[0]!.number;
    await page.getByLabel('Søg', { exact: true }).fill(String(invoiceNumber));
    await waitForPath(page, '/admin/invoices', `?q=${invoiceNumber}&status=paid`);
    await visible(page.getByText('1 faktura', { exact: true }));
    const pdf = page.getByRole('main').getByRole('link', { name: `Faktura ${invoiceNumber} som PDF (åbner i en ny fane)` }).first();
    expect(await pdf.getAttribute('href')).toBe(`/api/admin/invoices/${codes.invoiceId}/pdf`);
    await page.getByRole('main').getByRole('link', { name: `Ordre ${number}` }).first().click();
    await waitForPath(page, `/admin/orders/${codes.order.id}`);
    await visible(page.getByRole('heading', { level: 1, name: `Ordre ${number}` }));
  });

  test('an admin changes a price typed the Danish way; new purchases pay it, the order keeps the price paid', async () => {
    const { page, server } = e2e;
    await useSession(page.context(), server, session);
    await page.goto('/admin/prices');
    await visible(page.getByRole('heading', { level: 1, name: 'Priser' }));
    await visible(page.getByText('En ny pris gælder kun nye køb', { exact: true }));

    await page.getByRole('button', { name: 'Ret prisen på Ekstra QR-kode', exact: true }).click();
    const field = page.getByLabel('Ny pris for Ekstra QR-kode', { exact: true });
    expect(await field.inputValue()).toBe('99,00');
    await field.fill('1,19,00');
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    await expectFieldError(field, adminMoneyMessages.price);

    await field.fill('119,00');
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    const asking = await visible(page.getByRole('dialog', { name: 'Ændr prisen på Ekstra QR-kode?' }));
    await visible(asking.getByText('Den nye pris gælder kun nye køb.', { exact: false }));
    await asking.getByRole('button', { name: 'Gem ny pris', exact: true }).click();
    await expectToast(page, 'Ekstra QR-kode koster nu 119,00 kr.', { description: 'Den nye pris gælder nye køb.' });
    await visible(page.getByRole('button', { name: 'Ret prisen på Ekstra QR-kode', exact: true }));
    await visible(page.getByText('119,00 kr.', { exact: true }));

    const catalogue = await callApi<{ products: { slug: string; priceOre: number }[] }>(server, 'GET', '/api/catalogue', { session });
    expect(catalogue.body.products.find((product) => product.slug === 'ekstra-qr-kode')?.priceOre).toBe(11_900);
    expect((await orderNow()).lines.map((line) => line.unitPriceOre)).toEqual([9900]);
  });

  test.each([360, 1280])('axe finds no violations on the money pages at %i px', async (width) => {
    const { page, server } = e2e;
    await useSession(page.context(), server, session);
    await page.setViewportSize({ width, height: 900 });
    const pages: [string, string][] = [
      ['/admin/orders', 'Ordrer'],
      [`/admin/orders/${codes.order.id}`, `Ordre ${codes.order.number}`],
      ['/admin/invoices', 'Fakturaer'],
      ['/admin/prices', 'Priser'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    }
    // A price open for editing, and the order's refund dialog with its reason.
    await page.getByRole('button', { name: 'Ret prisen på Ekstra QR-kode', exact: true }).click();
    await expectNoAxeViolations(page);
    await page.goto(`/admin/orders/${codes.order.id}`);
    await page.getByRole('region', { name: 'Handlinger' }).getByRole('button', { name: 'Refunder', exact: true }).click();
    await visible(page.getByRole('dialog', { name: `Refunder ordre ${codes.order.number}?` }));
    await expectNoAxeViolations(page);
  }, 180_000);
});
