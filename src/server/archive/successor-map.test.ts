/**
 * The successor's map (issue 26) on a real database: every code exactly once, with its stone's
 * address and the memorial it opens (a shared stone's two), each memorial's address of today and
 * its former ones; the JSON whole and parseable across batches, the CSV as the Danish spreadsheet
 * reads it; admins only, each download in the audit log. Who else is refused is the permission
 * matrix's (staff/permissions.test.ts).
 */
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode } from '../../../tests/support/factories';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Memorial } from '../../shared/memorials';
import { formatCode } from '../../shared/qr-code';
import { qrCodes, staffActions } from '../db/schema';
import { SUCCESSOR_MAP_FORMAT, type MappedCode, successorMapCsv, successorMapJson } from './successor-map';

const BASE_URL = 'https://mindested.dk';
let t: TestApp;
let admin: { id: string; cookie: string };
let renamed: Cast;
let renamedSlugs: { before: string; today: string };
let shared: Cast;
let hidden: Cast;
const codes: Record<'unused' | 'single' | 'dual' | 'private', string> = { unused: '', single: '', dual: '', private: '' };

async function link(code: string, first: string, second: string | null = null) {
  await t.database.db.update(qrCodes).set({ status: 'linked', memorialId: first, secondMemorialId: second }).where(eq(qrCodes.code, code));
}

beforeAll(async () => {
  t = await createTestApp({ BASE_URL });
  admin = await signedInUser(t, { role: 'admin' });
  renamed = await castMemorial(t, { name: 'Ellen Holm' });
  const before = renamed.memorial.slug;
  const response = await t.request({ method: 'PUT', url: `/api/memorials/${renamed.memorial.id}`, headers: { cookie: renamed.owner.cookie }, payload: { slug: 'ellen-holm-vores-mor' } });
  renamedSlugs = { before, today: response.json<Memorial>().slug };
  shared = await castMemorial(t, { name: 'Svend Holm' });
  hidden = await castMemorial(t, { name: 'Inger Skov', privacy: 'private' });
  codes.unused = (await createCode(t.database.db)).code;
  for (const kind of ['single', 'dual', 'private'] as const) codes[kind] = (await createCode(t.database.db, { status: 'claimed', claimedBy: renamed.owner.id })).code;
  await link(codes.single, renamed.memorial.id);
  await link(codes.dual, shared.memorial.id, renamed.memorial.id);
  await link(codes.private, hidden.memorial.id);
});
afterAll(() => t.close());

const mapped = (memorial: Memorial, former: string[] = []) => ({
  id: memorial.id,
  url: `${BASE_URL}/memorial/${memorial.slug}`,
  privacy: memorial.privacy,
  deleted: false,
  formerUrls: former.map((slug) => `${BASE_URL}/memorial/${slug}`),
});

describe('the successor’s map', () => {
  it('as JSON: every code once, where its stone leads, and every former address, across batches', async () => {
    const today = { ...renamed.memorial, slug: renamedSlugs.today };
    const hiddenToday = (await t.request({ method: 'GET', url: `/api/memorials/${hidden.memorial.id}`, headers: { cookie: hidden.owner.cookie } })).json<Memorial>();
    // Two rows a batch: the keyset and the commas between batches are what is tested.
    const text = (await buffer(successorMapJson(t.app.deps, 2))).toString('utf8');
    const map = JSON.parse(text) as { format: string; version: number; generatedAt: string; baseUrl: string; codes: MappedCode[]; formerAddresses: { url: string; memorialId: string | null }[] };
    expect(map).toMatchObject({ ...SUCCESSOR_MAP_FORMAT, generatedAt: t.clock.now().toISOString(), baseUrl: BASE_URL });

    const all = (await t.database.db.select({ code: qrCodes.code }).from(qrCodes)).map((row) => row.code).sort();
    expect(map.codes.map((row) => row.code)).toEqual(all);
    const byCode = new Map(map.codes.map((row) => [row.code, row]));
    expect(byCode.get(codes.unused)).toEqual({ code: codes.unused, typed: formatCode(codes.unused), stoneUrl: `${BASE_URL}/qr/${codes.unused}`, status: 'created', memorial: null, secondMemorial: null });
    expect(byCode.get(codes.single)).toMatchObject({ status: 'linked', memorial: mapped(today, [renamedSlugs.before]), secondMemorial: null });
    expect(byCode.get(codes.dual)).toMatchObject({ memorial: mapped(shared.memorial), secondMemorial: mapped(today, [renamedSlugs.before]) });
    expect(byCode.get(codes.private)!.memorial).toEqual(mapped(hiddenToday));
    expect(map.formerAddresses).toContainEqual({ url: `${BASE_URL}/memorial/${renamedSlugs.before}`, memorialId: renamed.memorial.id });
  });

  it('as CSV for a Danish spreadsheet, the same codes, one a line', async () => {
    const text = (await buffer(successorMapCsv(t.app.deps, 2))).toString('utf8');
    expect(text.startsWith('\uFEFFKode;Kode til at taste;Stenens adresse;')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    const count = (await t.database.db.select({ code: qrCodes.code }).from(qrCodes)).length;
    expect(lines).toHaveLength(count + 1);
    const line = lines.find((each) => each.startsWith(`${codes.single};`))!.split(';');
    expect(line).toEqual([
      codes.single,
      formatCode(codes.single),
      `${BASE_URL}/qr/${codes.single}`,
      'linked',
      renamed.memorial.id,
      `${BASE_URL}/memorial/${renamedSlugs.today}`,
      'public',
      'nej',
      `${BASE_URL}/memorial/${renamedSlugs.before}`,
      '',
      '',
    ]);
  });

  it('is downloaded by an admin as attachments, each download in the audit log', async () => {
    for (const [extension, type] of [
      ['csv', 'text/csv; charset=utf-8'],
      ['json', 'application/json; charset=utf-8'],
    ] as const) {
      const response = await t.request({ method: 'GET', url: `/api/admin/successor-map.${extension}`, headers: { cookie: admin.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="mindested-kodekort-${t.clock.now().toISOString().slice(0, 10)}.${extension}"`);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.body).toContain(codes.dual);
    }
    const logged = await t.database.db.select().from(staffActions).where(eq(staffActions.actorId, admin.id));
    expect(logged.map((row) => [row.action, row.details])).toEqual([
      ['successor-map.export', { format: 'csv' }],
      ['successor-map.export', { format: 'json' }],
    ]);
  });
});
