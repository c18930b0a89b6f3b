/**
 * A server killed between storing a file and committing the row that points at it, as far as the
 * code running in it can tell: from the first transaction on, the database never answers, so
 * nothing after that point runs (not the commit, not a catch's clean-up). The test looks at what
 * was left behind while it hangs, then lets it go (`release`): the transaction fails, and what
 * waited on it unwinds, which a killed server never would, but by then the test has looked.
 */
import type { Db } from '../../src/server/db/connection';

export interface KilledAtCommit {
  /** The database as the killed code sees it. */
  db: Db;
  /** Settles when the code has reached its transaction. */
  reached: Promise<void>;
  /** Lets the hung transaction fail with "killed before the commit". */
  release(): void;
}

export function killedAtCommit(db: Db): KilledAtCommit {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const hung = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return async () => {
          reach();
          await released;
          throw new Error('killed before the commit');
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: hung, reached, release };
}
