/**
 * The HAProxy configuration in front of N identical instances (Debian's haproxy 2.6): one address
 * for the visitors, round robin over the instances that say they are ready.
 *
 * Readiness, not liveness, decides who gets traffic: an instance that is shutting down answers 503
 * on /api/health/ready while it still serves what it has (SHUTDOWN_DRAIN_SECONDS), so HAProxy has
 * stopped sending to it before it closes its port. An instance that dies outright (kill -9) is
 * found by the failed connections themselves: a request that could not be sent is sent to another
 * instance (`retry-on conn-failure` with `redispatch`), and the health check takes it out within
 * `fall` × `inter`. A request that reached an instance is never sent again: a candle or a payment
 * that the dying instance may already have stored must not be stored twice.
 */

export interface HaproxyInstance {
  name: string;
  port: number;
}

export interface HaproxyOptions {
  /** The address visitors use (loopback in tests). */
  host: string;
  port: number;
  instances: HaproxyInstance[];
  /** HAProxy's runtime API (show stat, disable server), a unix socket. */
  statsSocket: string;
  /** How often each instance's readiness is asked. */
  checkIntervalMs: number;
  /** Files HAProxy answers with when no instance is ready (unavailable-page.ts). */
  unavailable: { json: string; html: string };
}

/** Consecutive failed checks that take an instance out, and passed ones that bring it back. */
export const CHECKS_TO_FALL = 2;
export const CHECKS_TO_RISE = 2;

export function haproxyConfig(options: HaproxyOptions): string {
  const servers = options.instances.map(
    (instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check inter ${options.checkIntervalMs}ms fall ${CHECKS_TO_FALL} rise ${CHECKS_TO_RISE}`,
  );
  return `${[
    'global',
    `  stats socket ${options.statsSocket} mode 600 level admin`,
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    // An upload from a phone at the grave may take minutes; a ZIP of a memorial streams for long.
    '  timeout client 10m',
    '  timeout server 10m',
    '  timeout http-request 30s',
    '  timeout http-keep-alive 10s',
    '  option http-keep-alive',
    // The visitor's address for the rate limits; the instances trust only this proxy (TRUST_PROXY).
    '  option forwardfor',
    '  retries 2',
    '  option redispatch',
    '  retry-on conn-failure',
    '',
    'frontend visitors',
    `  bind ${options.host}:${options.port}`,
    '  acl none_ready nbsrv(instances) eq 0',
    `  http-request return status 503 content-type "application/json; charset=utf-8" file ${options.unavailable.json} hdr cache-control no-store if none_ready { path_beg /api/ }`,
    `  http-request return status 503 content-type "text/html; charset=utf-8" file ${options.unavailable.html} hdr cache-control no-store if none_ready`,
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    ...servers,
  ].join('\n')}\n`;
}
