/**
 * Resellers as a browser test needs them, written straight into the e2e server's database
 * (`server.sql(...)`): a record in any status and with its reason for an account or a visitor, a
 * shipped package of codes, a partner that applied through the reseller's link, and months of
 * figures (e2e-data.ts's resellerSql is the short form: an account's record in a status). Only the step a test
 * is about goes through the pages.
 */
import { randomBytes } from 'node:crypto';
import { RESELLER_TERMS_VERSION, type ResellerKind, type ResellerStatus } from '../../src/shared/resellers';
import { validCvr } from './factories';

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

export interface ResellerSeed {
  companyName: string;
  status: ResellerStatus;
  statusReason?: string | null;
  kind?: ResellerKind;
  town?: string;
  /** Hundredths of a percent: 1000 is 10 %. */
  commissionBasisPoints?: number;
  /** The company whose referral link this one applied through. */
  referredBy?: string;
  /** Days ago the application was sent. */
  appliedDaysAgo?: number;
}

/** A reseller record for the account `username` (or, with `username` null, a visitor's application). */
export function resellerRecordSql(username: string | null, seed: ResellerSeed): string {
  const decided = seed.status === 'pending' ? 'null' : 'now()';
  const email = username ? 'u.email' : literal(`${randomBytes(4).toString('hex')}@forhandler.dk`);
  return `insert into resellers (user_id, company_name, cvr, kind, contact_name, email, phone, address, postcode, town, status,
      status_reason, status_changed_at, approved_at, terms_version, terms_accepted_at, commission_basis_points, referral_code,
      referred_by, created_at)
    select ${username ? 'u.id' : 'null'}, ${literal(seed.companyName)}, '${validCvr()}', '${seed.kind ?? 'stone_dealer'}',
      ${username ? 'u.full_name' : "'Jens Jensen'"}, ${email}, '12 34 56 78', 'Kirkevej 4', '8000', ${literal(seed.town ?? 'Aarhus')},
      '${seed.status}', ${literal(seed.statusReason ?? null)}, ${decided}, ${seed.status === 'approved' || seed.status === 'suspended' ? 'now()' : 'null'},
      ${literal(RESELLER_TERMS_VERSION)}, now(), ${Math.trunc(seed.commissionBasisPoints ?? 0)}, '${randomBytes(5).toString('hex').toUpperCase()}',
      ${seed.referredBy ? `(select id from resellers where company_name = ${literal(seed.referredBy)})` : 'null'},
      now() - interval '${Math.trunc(seed.appliedDaysAgo ?? 0)} days'
    ${username ? `from users u where lower(u.username) = lower(${literal(username)})` : ''}`;
}

/** A shipped package named `name` holding `codes`, all shipped to the company. */
export function shippedPackageSql(companyName: string, name: string, codes: string[]): string[] {
  const list = codes.map((code) => literal(code)).join(', ');
  return [
    `insert into qr_packages (name, size, reseller_id, status)
      select ${literal(name)}, ${codes.length}, r.id, 'shipped' from resellers r where r.company_name = ${literal(companyName)}`,
    `update qr_codes set status = 'shipped', reseller_id = p.reseller_id, package_id = p.id
      from qr_packages p where p.name = ${literal(name)} and qr_codes.code in (${list})`,
  ];
}

/** Figures for the last months, newest last: [received, activated, linked] a month. */
export function monthlyStatsSql(companyName: string, months: [number, number, number][]): string {
  const rows = months.map(
    ([received, activated, linked], i) =>
      `((select id from resellers where company_name = ${literal(companyName)}),
        (date_trunc('month', now() at time zone 'Europe/Copenhagen') - interval '${months.length - 1 - i} months')::date, ${received}, ${activated}, ${linked})`,
  );
  return `insert into reseller_monthly_stats (reseller_id, month, received, activated, linked) values ${rows.join(', ')}
    on conflict (reseller_id, month) do update set received = excluded.received, activated = excluded.activated, linked = excluded.linked`;
}
