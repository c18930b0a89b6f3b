import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './errors';

describe('isDatabaseUnreachable', () => {
  it('knows PostgreSQL going away and the driver losing it, also wrapped by Drizzle', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const starting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const terminated = new Error('Connection terminated unexpectedly');
    const wrapped = new Error('Failed query: select 1', { cause: shutdown });
    for (const error of [shutdown, starting, refused, terminated, wrapped]) expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it("leaves our own mistakes and the data's refusals alone", () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
    for (const error of [unique, syntax, new TypeError('x is undefined'), 'a string']) expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
