/**
 * Taking an instance out (issue 27): on SIGTERM it says it is not ready and goes on serving until
 * HAProxy has stopped sending to it, then finishes what it has and exits 0. Visitors reading the
 * memorial page through HAProxy the whole time get every answer.
 */
import { describe, expect, test } from 'vitest';
import { setupCluster } from '../support/cluster-world';

const world = setupCluster();

describe('an instance taken out', () => {
  test('is taken out by HAProxy before it stops answering, and no visitor sees an error', async () => {
    const { cluster } = world;
    const [leaving, ...staying] = cluster.instances;
    const statuses: number[] = [];
    let reading = true;
    // Four readers one request after another, through HAProxy, for as long as the instance leaves.
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) {
        const response = await fetch(`${cluster.url}/api/health/live`);
        statuses.push(response.status);
        await response.arrayBuffer();
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopping = leaving!.stop();
    // Readiness answers 503 at once, while liveness still answers: the process is fine, just leaving.
    await cluster.waitForStates({ [leaving!.name]: 'DOWN' }, 5000);
    expect((await fetch(`${leaving!.url}/api/health/live`)).status).toBe(200);
    expect(await stopping).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    reading = false;
    await Promise.all(readers);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await cluster.states()).toMatchObject(Object.fromEntries(staying.map((instance) => [instance.name, 'UP'])));

    // Started again, it is taken back in once its checks pass.
    await leaving!.start();
    await cluster.waitForStates({ [leaving!.name]: 'UP' }, 10_000);
  });
});
