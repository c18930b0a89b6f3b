/**
 * Queries that may run on one connection (a transaction's, or a function given `Db | Tx`), one
 * after another rather than with Promise.all: a pg client takes one query at a time, queues a
 * second one it is handed meanwhile, and warns that pg 9 will refuse it. On the pool the others
 * are a round trip of a fraction of a millisecond each.
 */
export async function inTurn<T extends unknown[]>(...queries: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as T;
}
