/**
 * The permission matrix (issue 20): every /api/admin/… call the app registers, called by every kind
 * of person, on a real database. Only the roles its row names succeed; a visitor gets 401, anyone
 * else 403 (an admin who has not passed the second factor too, except on the two-factor calls
 * themselves), and a refused call changes nothing in the database.
 *
 * ADDING A CALL: add one row to ROWS. `request` builds a request that succeeds (2xx) for an allowed
 * caller, making what it needs with `make` (fresh for each call, so calls do not spoil each other).
 * A route under /api/admin without a row fails the test.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createReseller, createUser } from '../../../tests/support/factories';
import { UNCALLED_AI_ENV } from '../../../tests/support/ai-app';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Role } from '../../shared/auth';
import { type StaffRole, STAFF_ROLES, staffMessages } from '../../shared/staff';
import { aiGenerations, contactMessages, laserJobs, memorials, orders, staffTwoFactor } from '../db/schema';
import type { LaserJobStatus } from '../../shared/production';
import { createPackage } from '../qr/packages';
import { recordScan } from '../production/warehouse';
import { issueInvoice } from '../money/invoices';
import type { OrderStatus, PaymentMethod } from '../../shared/money';
import { secretFromText, totpCode } from './totp';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who is calling: an account and a fresh session of theirs, or no one. */
interface Caller {
  id: string;
  role: Role;
  cookie: string;
}

/** What a row's request may make for itself; every call gets new ones. */
interface Make {
  user(role?: Role): Promise<{ id: string }>;
  qrPackage(): Promise<string>;
  qrCode(): Promise<string>;
  /** A reseller record (approved unless told otherwise, and without an account): its id. */
  reseller(overrides?: Parameters<typeof createReseller>[1]): Promise<string>;
  /** A contact message: a support thread's id. */
  contactMessage(): Promise<string>;
  /** An order in `status` (a plaque to be paid by transfer unless told otherwise): its id. */
  order(status: OrderStatus, paymentMethod?: PaymentMethod): Promise<string>;
  /** An invoice for a new order: its id. */
  invoice(): Promise<string>;
  /** A failed AI try (a greeting) on a paid order for a new memorial: its id. */
  aiTry(): Promise<string>;
  /** A laser job made by hand, in `status`: its id. */
  laserJob(status?: LaserJobStatus): Promise<string>;
  /** Removes the caller's second factor, so a set-up can start afresh. */
  noFactor(caller: Caller | null): Promise<void>;
  /** A set-up token and its first code for the caller (dummies for a caller who may not start one). */
  setUp(caller: Caller | null): Promise<{ setupToken: string; code: string }>;
  /** The code the caller's app shows now, after a new factor was made for them through the API. */
  currentCode(caller: Caller | null): Promise<string>;
  /** A code scanned in at the packing table by the caller (by an admin for a visitor): the scan's id, the caller's last. */
  warehouseScan(caller: Caller | null): Promise<number>;
}

interface Row {
  method: Method;
  /** The route as the app registers it, with its :parameters. */
  url: string;
  roles: readonly StaffRole[];
  /** The two-factor calls: reachable by staff who have not passed the second factor yet. */
  beforeTwoFactor?: boolean;
  request: (make: Make, caller: Caller | null) => Promise<{ url?: string; payload?: object }>;
}

const ADMIN: readonly StaffRole[] = ['admin'];
const SUPPORT_DESK: readonly StaffRole[] = ['admin', 'support'];
const PRODUCTION_FLOOR: readonly StaffRole[] = ['admin', 'production'];
const ANY_STAFF: readonly StaffRole[] = STAFF_ROLES;
const ORDER_READERS: readonly StaffRole[] = ['admin', 'support', 'production'];

// One line per call.
const ROWS: Row[] = [
  { method: 'POST', url: '/api/admin/qr-packages', roles: PRODUCTION_FLOOR, request: async () => ({ payload: { name: 'Matrix', size: 1 } }) },
  { method: 'POST', url: '/api/admin/qr-packages/:id/status', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-packages/${await make.qrPackage()}/status`, payload: { to: 'produced' } }) },
  { method: 'POST', url: '/api/admin/qr-codes/:code/status', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-codes/${await make.qrCode()}/status`, payload: { to: 'produced' } }) },
  { method: 'GET', url: '/api/admin/qr-packages/:id/print.pdf', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-packages/${await make.qrPackage()}/print.pdf` }) },
  // Issue 23, codes and packages (production/codes-routes.ts).
  { method: 'GET', url: '/api/admin/qr-codes/:code', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-codes/${await make.qrCode()}` }) },
  { method: 'POST', url: '/api/admin/qr-codes/:code/void', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-codes/${await make.qrCode()}/void`, payload: { reason: 'Ridset i trykket.' } }) },
  { method: 'GET', url: '/api/admin/qr-packages', roles: PRODUCTION_FLOOR, request: async () => ({ url: '/api/admin/qr-packages?q=matrix&status=created&reseller=direct' }) },
  { method: 'GET', url: '/api/admin/qr-packages/:id', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-packages/${await make.qrPackage()}` }) },
  { method: 'GET', url: '/api/admin/qr-packages/:id/qr-codes', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-packages/${await make.qrPackage()}/qr-codes?status=created` }) },
  { method: 'GET', url: '/api/admin/production/resellers', roles: PRODUCTION_FLOOR, request: async () => ({}) },
  // Issue 23, a package's exports (production/export-routes.ts).
  { method: 'GET', url: '/api/admin/qr-packages/:id/codes.csv', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-packages/${await make.qrPackage()}/codes.csv` }) },
  { method: 'GET', url: '/api/admin/qr-packages/:id/svg.zip', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-packages/${await make.qrPackage()}/svg.zip` }) },
  { method: 'GET', url: '/api/admin/qr-packages/:id/laser.zip', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-packages/${await make.qrPackage()}/laser.zip?layout=plate` }) },
  // Issue 26, the successor's map (archive/routes.ts).
  { method: 'GET', url: '/api/admin/successor-map.csv', roles: ADMIN, request: async () => ({}) },
  { method: 'GET', url: '/api/admin/successor-map.json', roles: ADMIN, request: async () => ({}) },
  { method: 'GET', url: '/api/admin/two-factor-verification-status', roles: ANY_STAFF, beforeTwoFactor: true, request: async () => ({}) },
  { method: 'POST', url: '/api/admin/two-factor-setup', roles: ANY_STAFF, beforeTwoFactor: true, request: async (make, caller) => (await make.noFactor(caller), {}) },
  { method: 'POST', url: '/api/admin/two-factor-setup/confirm', roles: ANY_STAFF, beforeTwoFactor: true, request: async (make, caller) => ({ payload: await make.setUp(caller) }) },
  { method: 'POST', url: '/api/admin/two-factor-verification', roles: ANY_STAFF, beforeTwoFactor: true, request: async (make, caller) => ({ payload: { code: await make.currentCode(caller) } }) },
  { method: 'POST', url: '/api/admin/users/:id/two-factor-reset', roles: ADMIN, request: async (make) => ({ url: `/api/admin/users/${(await make.user('support')).id}/two-factor-reset` }) },
  { method: 'GET', url: '/api/admin/performance', roles: ADMIN, request: async () => ({}) },
  { method: 'GET', url: '/api/admin/dashboard', roles: ADMIN, request: async () => ({}) },
  { method: 'GET', url: '/api/admin/users', roles: ADMIN, request: async () => ({ url: '/api/admin/users?q=bruger' }) },
  { method: 'GET', url: '/api/admin/users/:id', roles: ADMIN, request: async (make) => ({ url: `/api/admin/users/${(await make.user()).id}` }) },
  { method: 'POST', url: '/api/admin/users/:id/role', roles: ADMIN, request: async (make) => ({ url: `/api/admin/users/${(await make.user()).id}/role`, payload: { role: 'support' } }) },
  { method: 'POST', url: '/api/admin/users/:id/disable', roles: ADMIN, request: async (make) => ({ url: `/api/admin/users/${(await make.user()).id}/disable` }) },
  { method: 'POST', url: '/api/admin/users/:id/enable', roles: ADMIN, request: async (make) => ({ url: `/api/admin/users/${(await make.user()).id}/enable` }) },
  { method: 'POST', url: '/api/admin/users/:id/password-reset', roles: ADMIN, request: async (make) => ({ url: `/api/admin/users/${(await make.user()).id}/password-reset` }) },
  { method: 'POST', url: '/api/admin/users/:id/login-link', roles: ADMIN, request: async (make) => ({ url: `/api/admin/users/${(await make.user()).id}/login-link` }) },
  { method: 'POST', url: '/api/admin/users/:id/sessions/end', roles: ADMIN, request: async (make) => ({ url: `/api/admin/users/${(await make.user()).id}/sessions/end` }) },
  { method: 'GET', url: '/api/admin/resellers', roles: ADMIN, request: async () => ({ url: '/api/admin/resellers?q=sten&status=pending' }) },
  { method: 'GET', url: '/api/admin/resellers/:id', roles: ADMIN, request: async (make) => ({ url: `/api/admin/resellers/${await make.reseller()}` }) },
  { method: 'POST', url: '/api/admin/resellers/:id/approve', roles: ADMIN, request: async (make) => ({ url: `/api/admin/resellers/${await make.reseller({ status: 'pending' })}/approve`, payload: { commissionBasisPoints: 1000 } }) },
  { method: 'POST', url: '/api/admin/resellers/:id/reject', roles: ADMIN, request: async (make) => ({ url: `/api/admin/resellers/${await make.reseller({ status: 'pending' })}/reject`, payload: { reason: 'CVR-nummeret passer ikke.' } }) },
  { method: 'POST', url: '/api/admin/resellers/:id/suspend', roles: ADMIN, request: async (make) => ({ url: `/api/admin/resellers/${await make.reseller()}/suspend`, payload: { reason: 'Ubetalt faktura.' } }) },
  { method: 'POST', url: '/api/admin/resellers/:id/reinstate', roles: ADMIN, request: async (make) => ({ url: `/api/admin/resellers/${await make.reseller({ status: 'suspended', statusReason: 'Ubetalt faktura.' })}/reinstate` }) },
  { method: 'POST', url: '/api/admin/resellers/:id/commission', roles: ADMIN, request: async (make) => ({ url: `/api/admin/resellers/${await make.reseller()}/commission`, payload: { commissionBasisPoints: 1250 } }) },
  { method: 'POST', url: '/api/admin/resellers/:id/setup-link', roles: ADMIN, request: async (make) => ({ url: `/api/admin/resellers/${await make.reseller()}/setup-link` }) },
  { method: 'GET', url: '/api/admin/orders', roles: ORDER_READERS, request: async () => ({ url: '/api/admin/orders?q=matrix&status=paid' }) },
  { method: 'GET', url: '/api/admin/orders/:id', roles: ORDER_READERS, request: async (make) => ({ url: `/api/admin/orders/${await make.order('paid')}` }) },
  { method: 'POST', url: '/api/admin/orders/:id/status', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/orders/${await make.order('paid')}/status`, payload: { status: 'in_production' } }) },
  { method: 'POST', url: '/api/admin/orders/:id/mark-paid', roles: ADMIN, request: async (make) => ({ url: `/api/admin/orders/${await make.order('pending_payment')}/mark-paid` }) },
  { method: 'POST', url: '/api/admin/orders/:id/refund', roles: ADMIN, request: async (make) => ({ url: `/api/admin/orders/${await make.order('paid')}/refund`, payload: { reason: 'Fortrudt købet.' } }) },
  { method: 'GET', url: '/api/admin/ai', roles: SUPPORT_DESK, request: async () => ({ url: '/api/admin/ai?status=failed&kind=greeting' }) },
  { method: 'POST', url: '/api/admin/ai/:generationId/rerun', roles: ADMIN, request: async (make) => ({ url: `/api/admin/ai/${await make.aiTry()}/rerun` }) },
  { method: 'GET', url: '/api/admin/invoices', roles: ADMIN, request: async () => ({ url: '/api/admin/invoices?status=open' }) },
  { method: 'GET', url: '/api/admin/invoices/:id/pdf', roles: ORDER_READERS, request: async (make) => ({ url: `/api/admin/invoices/${await make.invoice()}/pdf` }) },
  { method: 'GET', url: '/api/admin/prices', roles: ADMIN, request: async () => ({}) },
  { method: 'PUT', url: '/api/admin/prices/:kind/:slug', roles: ADMIN, request: async () => ({ url: '/api/admin/prices/product/ekstra-qr-kode', payload: { priceOre: 9900 + Math.floor(Math.random() * 1000) } }) },
  { method: 'POST', url: '/api/admin/warehouse/scans', roles: PRODUCTION_FLOOR, request: async (make) => ({ payload: { input: await make.qrCode(), direction: 'in' } }) },
  { method: 'POST', url: '/api/admin/warehouse/scans/:id/undo', roles: PRODUCTION_FLOOR, request: async (make, caller) => ({ url: `/api/admin/warehouse/scans/${await make.warehouseScan(caller)}/undo` }) },
  { method: 'GET', url: '/api/admin/warehouse/scans', roles: PRODUCTION_FLOOR, request: async () => ({ url: '/api/admin/warehouse/scans?direction=in' }) },
  { method: 'GET', url: '/api/admin/warehouse/resellers', roles: PRODUCTION_FLOOR, request: async () => ({}) },
  { method: 'GET', url: '/api/admin/qr-packages/:id/label.pdf', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/qr-packages/${await make.qrPackage()}/label.pdf` }) },
  { method: 'GET', url: '/api/admin/laser-jobs', roles: PRODUCTION_FLOOR, request: async () => ({ url: '/api/admin/laser-jobs?status=waiting' }) },
  { method: 'POST', url: '/api/admin/laser-jobs', roles: PRODUCTION_FLOOR, request: async (make) => ({ payload: { code: await make.qrCode(), material: 'staal', widthMm: 50, heightMm: 50, lines: ['Matrix'] } }) },
  { method: 'GET', url: '/api/admin/laser-jobs/:id', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/laser-jobs/${await make.laserJob()}` }) },
  { method: 'POST', url: '/api/admin/laser-jobs/:id/start', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/laser-jobs/${await make.laserJob('waiting')}/start` }) },
  { method: 'POST', url: '/api/admin/laser-jobs/:id/done', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/laser-jobs/${await make.laserJob('engraving')}/done`, payload: { trackingNumber: '' } }) },
  { method: 'POST', url: '/api/admin/laser-jobs/:id/fail', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/laser-jobs/${await make.laserJob('engraving')}/fail`, payload: { reason: 'Ridse i pladen' } }) },
  { method: 'POST', url: '/api/admin/laser-jobs/:id/rerun', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/laser-jobs/${await make.laserJob('failed')}/rerun` }) },
  { method: 'GET', url: '/api/admin/laser-jobs/:id/face.svg', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/laser-jobs/${await make.laserJob()}/face.svg` }) },
  { method: 'GET', url: '/api/admin/laser-jobs/:id/face.png', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/laser-jobs/${await make.laserJob()}/face.png` }) },
  { method: 'GET', url: '/api/admin/production', roles: PRODUCTION_FLOOR, request: async () => ({}) },
  { method: 'POST', url: '/api/admin/production/packages/:id/start', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/production/packages/${await make.qrPackage()}/start` }) },
  { method: 'POST', url: '/api/admin/production/packages/:id/produced', roles: PRODUCTION_FLOOR, request: async (make) => ({ url: `/api/admin/production/packages/${await make.qrPackage()}/produced` }) },
  { method: 'GET', url: '/api/admin/support', roles: SUPPORT_DESK, request: async () => ({ url: '/api/admin/support?status=new&assigned=any' }) },
  { method: 'GET', url: '/api/admin/support/:id', roles: SUPPORT_DESK, request: async (make) => ({ url: `/api/admin/support/${await make.contactMessage()}` }) },
  { method: 'POST', url: '/api/admin/support/:id/replies', roles: SUPPORT_DESK, request: async (make) => ({ url: `/api/admin/support/${await make.contactMessage()}/replies`, payload: { body: 'Tak for din besked.' } }) },
  { method: 'POST', url: '/api/admin/support/:id/assign', roles: SUPPORT_DESK, request: async (make) => ({ url: `/api/admin/support/${await make.contactMessage()}/assign`, payload: { userId: (await make.user('support')).id } }) },
  { method: 'POST', url: '/api/admin/support/:id/status', roles: SUPPORT_DESK, request: async (make) => ({ url: `/api/admin/support/${await make.contactMessage()}/status`, payload: { status: 'closed' } }) },
];

const PERSONAS = ['visitor', 'user', 'reseller', 'support', 'production', 'admin-unverified', 'admin'] as const;
type Persona = (typeof PERSONAS)[number];

/** Tables that work in the background changes whoever calls (the job queue, the daily runs, the limits' counts, visit counts). */
const BACKGROUND_TABLES = new Set(['jobs', 'scheduled_runs', 'rate_limits', 'memorial_daily_stats']);

const routes: RouteOptions[] = [];
let t: TestApp;
const accounts = new Map<Persona, { id: string; role: Role }>();
let tables: string[] = [];

beforeAll(async () => {
  // AI providers at an address nothing answers on: a re-run is queued, never run here.
  t = await createTestApp(UNCALLED_AI_ENV, { onRoute: (route) => void routes.push(route) });
  const db = t.database.db;
  const roles: Record<Exclude<Persona, 'visitor'>, Role> = { user: 'user', reseller: 'user', support: 'support', production: 'production', 'admin-unverified': 'admin', admin: 'admin' };
  for (const [persona, role] of Object.entries(roles) as [Exclude<Persona, 'visitor'>, Role][]) {
    const user = await createUser(db, { role });
    accounts.set(persona, { id: user.id, role });
  }
  await createReseller(db, { userId: accounts.get('reseller')!.id, companyName: 'Stenhuggeriet Matrix ApS' });
  const listed = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  tables = (listed as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name).filter((name) => !BACKGROUND_TABLES.has(name));
}, 120_000);
afterAll(() => t.close());

/** Every table's row count and a digest of its rows, in one query. */
async function snapshot(): Promise<Record<string, string>> {
  const parts = tables.map((name) => `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${name}" x`);
  const result = (await t.database.db.execute(sql.raw(parts.join(' union all ')))) as unknown as { rows: { name: string; digest: string }[] };
  return Object.fromEntries(result.rows.map((r) => [r.name, r.digest]));
}

/** A fresh session for the persona (so a call that verifies or ends a session spoils no other). */
async function callerFor(persona: Persona): Promise<Caller | null> {
  const account = accounts.get(persona as Exclude<Persona, 'visitor'>);
  if (!account) return null;
  return { ...account, cookie: await signIn(t, account, { twoFactorVerified: persona !== 'admin-unverified' }) };
}

function allowed(row: Row, persona: Persona): boolean {
  const account = accounts.get(persona as Exclude<Persona, 'visitor'>);
  if (!account || !(row.roles as readonly string[]).includes(account.role)) return false;
  return persona !== 'admin-unverified' || row.beforeTwoFactor === true;
}

const send = (method: Method, url: string, caller: Caller | null, payload?: object) =>
  t.request({ method, url, headers: caller ? { cookie: caller.cookie } : {}, ...(payload ? { payload } : {}) });

/** Starts a set-up as the caller through the API: its token and secret, or null when the caller may not. */
async function startSetUp(caller: Caller | null): Promise<{ setupToken: string; secret: Uint8Array } | null> {
  if (!caller) return null;
  await t.database.db.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, caller.id));
  const started = await send('POST', '/api/admin/two-factor-setup', caller);
  if (started.statusCode !== 200) return null;
  const { setupToken, secret } = started.json<{ setupToken: string; secret: string }>();
  return { setupToken, secret: secretFromText(secret) };
}

const make: Make = {
  user: (role = 'user') => createUser(t.database.db, { role }),
  qrPackage: async () => (await createPackage(t.app.deps, accounts.get('admin')!, { name: 'Matrix', size: 1, resellerId: null })).id,
  qrCode: async () => (await createCode(t.database.db, { status: 'created' })).code,
  reseller: async (overrides = {}) => (await createReseller(t.database.db, overrides)).id,
  async contactMessage() {
    const at = t.clock.now();
    const [row] = await t.database.db.insert(contactMessages).values({ name: 'Inger Matrix', email: 'matrix@eksempel.dk', message: 'Hej, jeg har et spørgsmål.', createdAt: at, lastActivityAt: at }).returning();
    return row!.id;
  },
  async order(status, paymentMethod = 'bank_transfer') {
    const buyer = await createUser(t.database.db);
    const [row] = await t.database.db
      .insert(orders)
      .values({
        kind: 'plaque',
        status,
        userId: buyer.id,
        paymentMethod,
        idempotencyKey: `matrix-${randomUUID()}`,
        totalOre: 59900,
        buyerName: buyer.fullName,
        buyerEmail: buyer.email,
        details: { kind: 'plaque', productSlug: 'plade-staal-5', lines: ['Matrix'], code: null },
      })
      .returning();
    return row!.id;
  },
  async invoice() {
    const orderId = await make.order('paid');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const row = await t.database.db.transaction((tx) => issueInvoice(tx, t.app.deps.config, order!, { paidAt: t.clock.now(), now: t.clock.now() }));
    return row.id;
  },
  async aiTry() {
    const buyer = await createUser(t.database.db);
    const [memorial] = await t.database.db.insert(memorials).values({ slug: `matrix-${randomUUID()}`, name: 'Karen Matrix' }).returning({ id: memorials.id });
    const [order] = await t.database.db
      .insert(orders)
      .values({
        kind: 'animated_greeting',
        status: 'paid',
        userId: buyer.id,
        memorialId: memorial!.id,
        paymentMethod: 'bank_transfer',
        idempotencyKey: `matrix-${randomUUID()}`,
        totalOre: 14900,
        buyerName: buyer.fullName,
        buyerEmail: buyer.email,
        details: { kind: 'animated_greeting', productSlug: 'animeret-hilsen' },
      })
      .returning({ id: orders.id });
    const [tried] = await t.database.db
      .insert(aiGenerations)
      .values({
        orderId: order!.id,
        memorialId: memorial!.id,
        kind: 'greeting',
        status: 'failed',
        input: { kind: 'greeting', portraitMediaId: randomUUID(), portraitKey: 'memorials/x/portrait.jpg', message: 'Tak.', consentAt: t.clock.now().toISOString() },
        createdBy: buyer.id,
        provider: 'predictions:127.0.0.1:9',
        model: 'fake/animate',
        createdAt: t.clock.now(),
      })
      .returning({ id: aiGenerations.id });
    return tried!.id;
  },
  async laserJob(status = 'waiting') {
    const code = await make.qrCode();
    const [row] = await t.database.db
      .insert(laserJobs)
      .values({ code, material: 'staal', widthMm: 50, heightMm: 50, lines: ['Matrix'], status, failureReason: status === 'failed' ? 'Ridse i pladen' : null, createdAt: t.clock.now() })
      .returning();
    return row!.id;
  },
  async noFactor(caller) {
    if (caller) await t.database.db.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, caller.id));
  },
  async setUp(caller) {
    const started = await startSetUp(caller);
    if (!started) return { setupToken: 'kan-ikke-starte', code: '000000' };
    return { setupToken: started.setupToken, code: totpCode(started.secret, t.clock.now()) };
  },
  async currentCode(caller) {
    // A new factor through the API, set up in a session of the caller's own that has passed the
    // second factor; then a step later, so the code to give is not the one the set-up took.
    const helper = caller ? { ...caller, cookie: await signIn(t, caller) } : null;
    const started = await startSetUp(helper);
    if (!started) return '000000';
    const confirmed = await send('POST', '/api/admin/two-factor-setup/confirm', helper, { setupToken: started.setupToken, code: totpCode(started.secret, t.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    t.clock.advance(30_000);
    return totpCode(started.secret, t.clock.now());
  },
  async warehouseScan(caller) {
    const { code } = await createCode(t.database.db, { status: 'produced' });
    const staff = caller ?? accounts.get('admin')!;
    const scan = await recordScan(t.app.deps, staff, { input: code, direction: 'in' }, async () => {});
    expect(scan.outcome).toBe('accepted');
    return scan.id;
  },
};

const routeName = (method: string, url: string) => `${method} ${url}`;

describe('the permission matrix', () => {
  it('has a row for every /api/admin call, and every row is a call', () => {
    const registered = routes
      .filter((route) => route.url.startsWith('/api/admin'))
      .flatMap((route) => [route.method].flat().filter((m) => m !== 'HEAD').map((m) => routeName(m, route.url)));
    const rows = ROWS.map((row) => routeName(row.method, row.url));
    const missing = registered.filter((name) => !rows.includes(name));
    const stale = rows.filter((name) => !registered.includes(name));
    expect(missing, `add a row for each of these to ROWS in src/server/staff/permissions.test.ts: ${missing.join(', ')}`).toEqual([]);
    expect(stale, `these rows name no call the app registers: ${stale.join(', ')}`).toEqual([]);
    // The snapshot sees what the calls write.
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'staff_two_factor', 'staff_recovery_codes', 'staff_actions', 'qr_packages', 'qr_codes']));
  });

  it.each(ROWS.map((row) => [routeName(row.method, row.url), row] as const))('%s: only its roles succeed, and a refusal changes nothing', async (_name, row) => {
    const problems: string[] = [];
    for (const persona of PERSONAS) {
      const caller = await callerFor(persona);
      const built = await row.request(make, caller);
      const url = built.url ?? row.url;
      const may = allowed(row, persona);
      const before = !may && row.method !== 'GET' ? await snapshot() : undefined;
      const response = await send(row.method, url, caller, built.payload);
      const status = response.statusCode;
      if (may) {
        if (status < 200 || status >= 300) problems.push(`${persona} may call it but got ${status}: ${response.body.slice(0, 200)}`);
        continue;
      }
      const expected = persona === 'visitor' ? 401 : 403;
      if (status !== expected) problems.push(`${persona} should get ${expected} but got ${status}: ${response.body.slice(0, 200)}`);
      else if (persona === 'admin-unverified' && response.json<{ message: string }>().message !== staffMessages.twoFactorRequired) {
        problems.push(`admin-unverified should be told to pass the second factor, was told: ${response.body}`);
      }
      if (before) {
        const after = await snapshot();
        const changed = Object.keys(before).filter((name) => before[name] !== after[name]);
        if (changed.length > 0) problems.push(`${persona} was refused, but the call changed ${changed.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
