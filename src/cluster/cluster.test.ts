import { describe, expect, it } from 'vitest';
import { startCluster } from './cluster';

describe('startCluster', () => {
  it('refuses the embedded database, which one server alone may use', async () => {
    await expect(startCluster({ instances: 2, port: 1, env: { DATABASE_URL: '' } })).rejects.toThrow('Flere instanser kræver PostgreSQL (DATABASE_URL)');
  });

  it('refuses a number of instances that is not a whole number of at least one', async () => {
    for (const instances of [0, 1.5, -1]) {
      await expect(startCluster({ instances, port: 1, env: { DATABASE_URL: 'postgres://127.0.0.1/x' } })).rejects.toThrow('Antallet af instanser');
    }
  });
});
