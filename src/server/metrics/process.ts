/**
 * The process's own metrics (memory, CPU, event-loop lag, garbage collection, handles), in one
 * registry per process rather than one per app: a process has one heap and one event loop, and
 * prom-client's collectors start monitors it never stops, so a test run building hundreds of apps
 * would otherwise keep hundreds of event-loop monitors and GC observers running.
 */
import { Registry, collectDefaultMetrics } from 'prom-client';

let registry: Registry | undefined;

export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
