/**
 * Money in browser journeys: the seller's and bank details without which no invoice is issued
 * (decision 0025: "not set up is said, not guessed"), and a family's order made through the API as
 * the order form makes it, so that only the back office's steps go through the browser.
 */
import { randomUUID } from 'node:crypto';
import type { OrderBody } from '../../src/shared/money-api';
import { callApi, login, registerAccount } from './e2e-api';
import type { E2eServer } from './server-process';

/** A made-up seller (a CVR that passes modulus 11) and bank account, for startE2eServer's env. */
export const INVOICING_ENV = {
  DATA_CONTROLLER_NAME: 'Mindested ApS',
  DATA_CONTROLLER_ADDRESS: 'Eksempelvej 1, 8000 Aarhus C',
  DATA_CONTROLLER_CVR: '12345674',
  BANK_REG_NUMBER: '1234',
  BANK_ACCOUNT_NUMBER: '12345678',
  BANK_IBAN: 'DK50 0040 0440 1162 43',
};

export interface CreatedOrder {
  order: { id: string; number: number; totalOre: number; status: string };
  invoiceId: string | null;
}

/** A new family (with one of the server's codes), signed in, and its first memorial. */
export async function familyWithMemorial(server: E2eServer, fullName: string, memorialName: string) {
  const account = await registerAccount(server, { fullName });
  const { session } = await login(server, account.username, account.password);
  if (!session) throw new Error(`logging in ${account.username} failed`);
  const memorial = await callApi<{ id: string; slug: string }>(server, 'POST', '/api/memorials', { session, body: { name: memorialName, birthDate: '1941-05-02', deathDate: '2024-01-17' } });
  if (memorial.status !== 201) throw new Error(`creating ${memorialName} failed: ${memorial.status} ${JSON.stringify(memorial.body)}`);
  return { account, session, memorial: memorial.body };
}

/** POST /api/orders as the order form sends it; the bank transfer's invoice is issued with it. */
export async function placeOrder(server: E2eServer, session: string, item: OrderBody['item'], paymentMethod: OrderBody['paymentMethod'] = 'bank_transfer'): Promise<CreatedOrder> {
  const body: OrderBody = { idempotencyKey: randomUUID(), paymentMethod, item, buyer: { company: '', cvr: '' } };
  const created = await callApi<CreatedOrder>(server, 'POST', '/api/orders', { session, body });
  if (created.status !== 201) throw new Error(`ordering ${item.kind} failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}
