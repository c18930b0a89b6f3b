/**
 * SQL for rows a test wants without going through the pages that make them (notifications, a
 * reseller already approved), for `server.sql(...)`. Values are quoted here, so tests pass plain strings.
 */
import { randomBytes } from 'node:crypto';
import { RESELLER_TERMS_VERSION, type ResellerStatus } from '../../src/shared/resellers';
import { validCvr } from './factories';

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** `count` unread notifications for the account `username`. */
export function unreadNotificationsSql(username: string, count: number): string {
  return `insert into notifications (user_id, title, body)
    select u.id, 'Nyt lys tændt ' || n, 'Et lys blev tændt på mindesiden.'
    from users u, generate_series(1, ${Math.trunc(count)}) as n
    where lower(u.username) = lower(${literal(username)})`;
}

/** A reseller record (approved unless told) for the account `username`, with a CVR number that passes modulus 11. */
export function resellerSql(username: string, companyName = 'Stenhuggeriet Vest ApS', status: ResellerStatus = 'approved'): string {
  const referral = randomBytes(5).toString('hex').toUpperCase();
  return `insert into resellers (user_id, company_name, cvr, email, referral_code, status, approved_at, contact_name, phone, address, postcode, town, kind, terms_version, terms_accepted_at)
    select u.id, ${literal(companyName)}, '${validCvr()}', u.email, '${referral}', '${status}', ${status === 'approved' || status === 'suspended' ? 'now()' : 'null'},
      u.full_name, '12 34 56 78', 'Kirkevej 4', '8000', 'Aarhus C', 'stone_dealer', ${literal(RESELLER_TERMS_VERSION)}, now()
    from users u where lower(u.username) = lower(${literal(username)})`;
}
