/**
 * SQL for rows that no page makes yet (notifications arrive with issue 6, reseller approval with
 * /reseller-register), for `server.sql(...)`. Values are quoted here, so tests pass plain strings.
 */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** `count` unread notifications for the account `username`. */
export function unreadNotificationsSql(username: string, count: number): string {
  return `insert into notifications (user_id, title, body)
    select u.id, 'Nyt lys tændt ' || n, 'Et lys blev tændt på mindesiden.'
    from users u, generate_series(1, ${Math.trunc(count)}) as n
    where lower(u.username) = lower(${literal(username)})`;
}

/** An approved reseller record for the account `username`. */
export function resellerSql(username: string, companyName = 'Stenhuggeriet Vest ApS'): string {
  const cvr = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  return `insert into resellers (user_id, company_name, cvr, status, approved_at)
    select u.id, ${literal(companyName)}, '${cvr}', 'approved', now()
    from users u where lower(u.username) = lower(${literal(username)})`;
}
