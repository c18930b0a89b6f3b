/**
 * A memorial with one signed-in person in each role (owner, co-admin, viewer) and a stranger who
 * has none: the cast of every API test about who may do what on a memorial.
 */
import { expect } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { memorialMembers } from '../../src/server/db/schema';
import { createUser } from './factories';
import { signIn } from './sign-in';
import type { TestApp } from './test-app';

export interface Person {
  id: string;
  username: string;
  email: string;
  fullName: string;
  /** The session cookie, as a Cookie header value. */
  cookie: string;
}

export interface Cast {
  memorial: Memorial;
  owner: Person;
  coadmin: Person;
  viewer: Person;
  stranger: Person;
}

export async function signedInPerson(t: TestApp, fullName?: string): Promise<Person> {
  const user = await createUser(t.database.db, fullName ? { fullName } : {});
  return { id: user.id, username: user.username, email: user.email, fullName: user.fullName, cookie: await signIn(t, user) };
}

let sequence = 0;

/** `fields` go into the memorial's creation (privacy, name …). */
export async function castMemorial(t: TestApp, fields: object = {}): Promise<Cast> {
  sequence += 1;
  const [owner, coadmin, viewer, stranger] = [
    await signedInPerson(t, `Anna Ejer ${sequence}`),
    await signedInPerson(t, `Bent Medadmin ${sequence}`),
    await signedInPerson(t, `Clara Læser ${sequence}`),
    await signedInPerson(t),
  ];
  const response = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: owner.cookie }, payload: { name: `Karen Jensen ${sequence}`, ...fields } });
  expect(response.statusCode, response.body).toBe(201);
  const memorial = response.json<Memorial>();
  await t.database.db.insert(memorialMembers).values([
    { memorialId: memorial.id, userId: coadmin.id, role: 'coadmin' },
    { memorialId: memorial.id, userId: viewer.id, role: 'viewer' },
  ]);
  return { memorial, owner, coadmin, viewer, stranger };
}
