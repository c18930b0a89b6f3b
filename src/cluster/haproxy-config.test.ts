import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStates } from './cluster';
import { haproxyConfig } from './haproxy-config';

const OPTIONS = {
  host: '127.0.0.1',
  port: 3000,
  instances: [
    { name: 'instans-1', port: 3001 },
    { name: 'instans-2', port: 3002 },
  ],
  statsSocket: '/tmp/x/haproxy.sock',
  checkIntervalMs: 500,
  unavailable: { json: '/tmp/x/unavailable.json', html: '/tmp/x/unavailable.html' },
};

describe('haproxyConfig', () => {
  it('sends visitors round robin to the instances that answer ready, and never sends a request twice once it reached one', () => {
    const config = haproxyConfig(OPTIONS);
    expect(config).toContain('bind 127.0.0.1:3000');
    expect(config).toContain('balance roundrobin');
    expect(config).toContain('option httpchk GET /api/health/ready');
    expect(config).toContain('server instans-1 127.0.0.1:3001 check inter 500ms fall 2 rise 2');
    expect(config).toContain('server instans-2 127.0.0.1:3002 check inter 500ms fall 2 rise 2');
    expect(config).toContain('option forwardfor');
    // Only a connection that failed is retried elsewhere: a POST that reached a dying instance may be stored.
    expect(config).toMatch(/^ {2}retry-on conn-failure$/m);
    expect(config).not.toMatch(/retry-on .*(empty-response|response-timeout|all-retryable-errors)/);
    // With no instance ready HAProxy answers in Danish itself: JSON for the API, a page for the rest.
    expect(config).toContain('file /tmp/x/unavailable.json hdr cache-control no-store if none_ready { path_beg /api/ }');
    expect(config).toContain('file /tmp/x/unavailable.html hdr cache-control no-store if none_ready');
  });

  it.skipIf(!existsSync('/usr/sbin/haproxy'))('is a configuration HAProxy accepts (haproxy -c)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-config-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      const unavailable = { json: path.join(dir, 'unavailable.json'), html: path.join(dir, 'unavailable.html') };
      writeFileSync(unavailable.json, '{}');
      writeFileSync(unavailable.html, '<p>');
      writeFileSync(file, haproxyConfig({ ...OPTIONS, statsSocket: path.join(dir, 'haproxy.sock'), unavailable }));
      const check = spawnSync('/usr/sbin/haproxy', ['-c', '-f', file], { encoding: 'utf8' });
      expect(`${check.stdout}${check.stderr}`).not.toMatch(/\[(ALERT|WARNING)\]/);
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseStates', () => {
  it("reads each instance's status from HAProxy's show stat, without the frontend and backend rows", () => {
    const csv = [
      '# pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,status,weight',
      'visitors,FRONTEND,,,0,1,4096,3,0,0,0,0,0,,,,,OPEN,',
      'instances,instans-1,0,0,0,1,,2,0,0,,0,,0,0,0,0,UP,1',
      'instances,instans-2,0,0,0,1,,1,0,0,,0,,0,0,0,0,DOWN 1/2,1',
      'instances,BACKEND,0,0,0,1,410,3,0,0,0,0,,0,0,0,0,UP,2',
      '',
    ].join('\n');
    expect(parseStates(csv)).toEqual({ 'instans-1': 'UP', 'instans-2': 'DOWN 1/2' });
  });
});
