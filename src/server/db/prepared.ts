/**
 * A query built once per database and prepared by name, for the few that run thousands of times a
 * second (a QR code scanned or validated): Drizzle then skips building the SQL on every call, and
 * PostgreSQL skips parsing and planning it on every connection after the first.
 */
import type { Db } from './connection';

export function preparedQuery<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
