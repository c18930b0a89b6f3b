/** Routes of SPEC.md §2 that are only routing: /hidden-register and the not-found page. */
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../support/browser';
import { setupE2e } from '../support/e2e-suite';
import { visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 0 });

describe('routing', () => {
  test('/hidden-register redirects to /hidden-register-72391', async () => {
    const { page } = e2e;
    await page.goto('/hidden-register');
    await waitForPath(page, '/hidden-register-72391');
    await visible(page.getByLabel('QR-kode', { exact: true }));
  });

  test('an unknown address shows "Siden blev ikke fundet" and "Gå til forside" leads to /', async () => {
    const { page } = e2e;
    // A deeper path: a single unknown segment is a memorial's address (SPEC.md §2 "Catch-all").
    await page.goto('/noget/der/ikke/findes');
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { level: 1, name: 'Siden blev ikke fundet' }));
    await visible(main.getByText('404', { exact: true }));
    await visible(
      main.getByText('Vi kunne desværre ikke finde den side, du leder efter. Den er måske blevet flyttet eller slettet.', { exact: true }),
    );
    await expectNoAxeViolations(page);

    await main.getByRole('link', { name: 'Gå til forside' }).click();
    await waitForPath(page, '/');
    // The landing page, with its visitor's button to /qr-info (SPEC.md §2 "Landing page").
    await visible(page.getByRole('main').getByRole('link', { name: 'Kom i gang nu' }));
    expect(await page.getByRole('heading', { name: 'Siden blev ikke fundet' }).count()).toBe(0);
  });
});
