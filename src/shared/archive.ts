/** The permanence promise's files (issue 26), by the addresses both sides use. */

/** The successor's map: every code, its stone's address and the memorial it opens (server/archive/successor-map.ts). */
export const SUCCESSOR_MAP_URLS = {
  csv: '/api/admin/successor-map.csv',
  json: '/api/admin/successor-map.json',
} as const;
