/**
 * What a database tells the metrics room (src/server/metrics): how long each query took and, on
 * PostgreSQL, how full the connection pool is. openDatabase wraps its client's query path once;
 * every app built on the database listens while it runs (tests build many apps on one database,
 * each with a registry of its own), so the wrapping itself knows nothing of Prometheus.
 */
import { performance } from 'node:perf_hooks';

export type QueryListener = (seconds: number) => void;

export interface PoolFigures {
  /** Connections open, idle and in use together. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because every one is in use. */
  waiting: number;
  /** The most the pool opens (DATABASE_POOL_SIZE). */
  max: number;
}

export interface DatabaseInstruments {
  engine: 'pglite' | 'postgres';
  /** Called after every query with its duration; the set is empty unless an app listens. */
  listeners: Set<QueryListener>;
  /** PostgreSQL's pool; the embedded database has one connection and no pool. */
  pool?: () => PoolFigures;
}

/** Keyed by the Drizzle database object (typed loosely: connection.ts imports this module). */
type Db = object;
const byDatabase = new WeakMap<Db, DatabaseInstruments>();

export function attachInstruments(db: Db, instruments: DatabaseInstruments): void {
  byDatabase.set(db, instruments);
}

/** Tells `listener` of every query's duration until the returned function is called. */
export function observeQueries(db: Db, listener: QueryListener): () => void {
  const listeners = byDatabase.get(db)?.listeners;
  listeners?.add(listener);
  return () => void listeners?.delete(listener);
}

export function databaseEngine(db: Db): 'pglite' | 'postgres' | undefined {
  return byDatabase.get(db)?.engine;
}

export function poolFigures(db: Db): PoolFigures | undefined {
  return byDatabase.get(db)?.pool?.();
}

// never[]: any function's parameters accept it, so pg's and PGlite's query functions both fit.
type QueryFunction = (...args: never[]) => unknown;

/**
 * Wraps a client's query function so its duration reaches the listeners. A promise is timed when
 * it settles; a callback (pg-pool calls its clients that way) when it is called; anything else
 * (pg's cursors and streams) is passed through untimed. A performance.now() and an empty-set
 * check per query when nobody listens.
 */
export function timedQuery<F extends QueryFunction>(query: F, listeners: Set<QueryListener>): F {
  return function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const done = () => {
      if (listeners.size === 0) return;
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...result: unknown[]) => {
        done();
        return (callback as (...result: unknown[]) => unknown)(...result);
      };
      return query.apply(this, args as never[]);
    }
    const result = query.apply(this, args as never[]);
    // The caller handles the rejection; this branch only times it.
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  } as unknown as F;
}
