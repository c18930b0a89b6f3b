/**
 * The back office's resellers (issue 21, "Approval in the back office") in Chromium against the
 * production server: an admin finds a visitor's waiting application on /admin/resellers, approves
 * it with a commission typed the Danish way, sees the status and the history change and the
 * applicant's setup link go out, makes the dealer's first package and walks it to shipped; axe
 * finds nothing on the list or the reseller's page at a phone's and a desk's width.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { isValidCvr } from '../../src/shared/cvr';
import { expectNoAxeViolations } from '../support/browser';
import { callApi } from '../support/e2e-api';
import { createAdmin, useSession, verifiedStaffSession } from '../support/e2e-staff';
import { setupE2e } from '../support/e2e-suite';
import { expectToast, visible, waitForPath } from '../support/e2e-ui';
import { linkIn } from '../support/smtp-capture';

const e2e = setupE2e({ qrCodes: 1 });

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
function validCvr(): string {
  for (;;) {
    const cvr = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    if (isValidCvr(cvr)) return cvr;
  }
}

/** A visitor's application as /reseller-register stores it: no account, waiting for a decision. */
function applicationSql(companyName: string, email: string): string {
  return `insert into resellers (company_name, cvr, kind, contact_name, email, phone, address, postcode, town, status, terms_version, terms_accepted_at, referral_code)
    values (${literal(companyName)}, '${validCvr()}', 'funeral_home', 'Bente Kragh', ${literal(email)}, '12 34 56 78', 'Kirkevej 4', '8000', 'Aarhus C', 'pending', '2026-11-22', now(), upper(substr(md5(random()::text), 1, 10)))`;
}

const company = 'Begravelsesforretningen Kragh';
const email = `kragh${process.pid}@eksempel.dk`;
let session: string;

describe('the back office approves a reseller', () => {
  beforeAll(async () => {
    const { server } = e2e;
    // The CLI restarts the embedded database's server: first, before anyone is signed in.
    const admin = await createAdmin(server, 'Birthe Bagkontor');
    await server.sql(applicationSql(company, email), applicationSql('Stenhuggeriet Vest ApS', `vest${process.pid}@eksempel.dk`));
    ({ session } = await verifiedStaffSession(server, admin));
  });

  test('an admin finds the application, approves it with a commission and sends the dealer its first package', async () => {
    const { page, server } = e2e;
    await useSession(page.context(), server, session);
    await page.goto('/admin/resellers');
    await visible(page.getByRole('heading', { level: 1, name: 'Forhandlere' }));
    await visible(page.getByText('2 ansøgninger venter', { exact: true }));
    await page.getByLabel('Søg', { exact: true }).fill('kragh');
    await page.getByRole('main').getByRole('link', { name: company }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: company }));
    const decision = page.getByRole('region', { name: 'Afgørelse' });
    await visible(decision.getByText('Afventer godkendelse', { exact: true }));

    await decision.getByRole('button', { name: 'Godkend', exact: true }).click();
    const approving = await visible(page.getByRole('dialog', { name: `Godkend ${company}?` }));
    await approving.getByLabel('Provision i procent', { exact: true }).fill('12,5');
    await approving.getByRole('button', { name: 'Godkend', exact: true }).click();
    await expectToast(page, `${company} er godkendt`, { description: `Et link til at oprette kontoen er sendt til ${email}.` });
    await visible(decision.getByText('Godkendt', { exact: true }));
    await visible(decision.getByText('12,5 %', { exact: true }));
    const history = page.getByRole('region', { name: 'Historik' });
    await visible(history.getByText('Godkendte en forhandler', { exact: true }));
    await visible(history.getByText('Provision 12,5 % · Link til at oprette kontoen sendt til ansøgeren', { exact: true }));
    const mail = await server.mail.waitFor((m) => m.to.includes(email) && m.subject === 'Jeres forhandleransøgning er godkendt');
    expect(linkIn(mail, '/setup/')).toMatch(/\/setup\/[\w-]{43}$/);

    // The dealer's first package, walked through the warehouse to shipped.
    const packages = page.getByRole('region', { name: /^QR-pakker/ });
    await packages.getByLabel('Navn på pakken', { exact: true }).fill('Forårspakke');
    await packages.getByLabel('Antal koder', { exact: true }).fill('5');
    await packages.getByRole('button', { name: 'Opret pakke', exact: true }).click();
    await expectToast(page, 'Pakken “Forårspakke” er oprettet', { description: `5 koder til ${company}.` });
    await visible(page.getByRole('region', { name: 'Koder (5)' }));
    for (const [step, done] of [
      ['Markér som produceret', 'Pakken “Forårspakke” er produceret'],
      ['Markér som på lager', 'Pakken “Forårspakke” er på lager'],
      ['Markér som sendt', 'Pakken “Forårspakke” er sendt'],
    ] as const) {
      await packages.getByRole('button', { name: `${step}: Forårspakke`, exact: true }).click();
      const asking = await visible(page.getByRole('dialog', { name: `${step}: “Forårspakke”?` }));
      await asking.getByRole('button', { name: step, exact: true }).click();
      await expectToast(page, done);
    }
    await visible(packages.getByText('Sendt til forhandler', { exact: true }));
    expect(await packages.getByRole('button', { name: /^Markér som/ }).count()).toBe(0);
    const codes = page.getByRole('region', { name: 'Koder (5)' });
    await visible(codes.getByText('Hos forhandleren', { exact: true }));
    expect(await codes.locator('dd').allInnerTexts()).toEqual(['0', '5', '0', '0', '0', '0']);

    // The list now has one application waiting, and says the dealer is approved.
    await page.getByRole('link', { name: 'Alle forhandlere' }).click();
    await waitForPath(page, '/admin/resellers');
    await visible(page.getByText('1 ansøgning venter', { exact: true }));
  });

  test.each([360, 1280])('axe finds no violations on the list and a reseller at %i px', async (width) => {
    const { page, server } = e2e;
    await useSession(page.context(), server, session);
    await page.setViewportSize({ width, height: 900 });
    const list = await callApi<{ resellers: { id: string; companyName: string }[] }>(server, 'GET', '/api/admin/resellers', { session });
    const pages: [string, string][] = [
      ['/admin/resellers', 'Forhandlere'],
      ...list.body.resellers.map((r) => [`/admin/resellers/${r.id}`, r.companyName] as [string, string]),
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    }
    // A decision's dialog too.
    await page.getByRole('button', { name: /^(Godkend|Ændr provision)$/ }).first().click();
    await visible(page.getByRole('dialog'));
    await expectNoAxeViolations(page);
  }, 180_000);
});
