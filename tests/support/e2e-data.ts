/**
 * SQL for rows a test wants without going through the pages that make them (notifications; for
 * resellers see e2e-resellers.ts), for `server.sql(...)`. Values are quoted here, so tests pass plain strings.
 */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** `count` unread notifications for the account `username`. */
export function unreadNotificationsSql(username: string, count: number): string {
  return `insert into notifications (user_id, title, body)
    select u.id, 'Nyt lys tændt ' || n, 'Et lys blev tændt på mindesiden.'
    from users u, generate_series(1, ${Math.trunc(count)}) as n
    where lower(u.username) = lower(${literal(username)})`;
}

/**
 * Premium for good for the memorial `memorialId` (a uuid), for journeys that use what Premium
 * holds without being about buying it (src/server/money/premium-gates.test.ts is).
 */
export function premiumForGoodSql(memorialId: string): string {
  return `insert into premium_periods (memorial_id, starts_at, ends_at, source)
    values (${literal(memorialId)}, now() - interval '1 day', null, ${literal(`test:${memorialId}`)})
    on conflict (source) do nothing`;
}
