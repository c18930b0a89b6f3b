import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromInput, generateCode } from '../../shared/qr-code';
import { createCode, createUser } from '../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_QR_VALIDATE_PER_IP: '20' });
});
afterAll(() => t.close());

const validate = (code: unknown, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/qr-codes/validate', payload: { code }, remoteAddress: ip });

describe('codeFromInput', () => {
  it('reads a bare code and the links we print', () => {
    const code = generateCode(() => new Uint8Array(9).fill(3));
    expect(codeFromInput(code)).toBe(code);
    expect(codeFromInput(`https://mindested.dk/qr/${code.toLowerCase()}`)).toBe(code);
    expect(codeFromInput(`http://localhost:5000/qr-scan/${code}?x=1`)).toBe(code);
    expect(codeFromInput('https://ondt.example/noget-andet')).toBeNull();
    expect(codeFromInput('https://mindested.dk/qr/%E0%A4%A')).toBeNull();
  });
});

describe('POST /api/qr-codes/validate', () => {
  it('says valid for our codes, whoever holds them, and for our links to them', async () => {
    const free = await createCode(t.database.db);
    const owner = await createUser(t.database.db);
    const claimed = await createCode(t.database.db, { status: 'claimed', claimedBy: owner.id });
    for (const input of [free.code, claimed.code, `http://localhost:5000/qr/${free.code}`]) {
      const response = await validate(input);
      expect(response.statusCode).toBe(200);
      // Only yes or no: nothing about who owns it.
      expect(response.json()).toEqual({ valid: true });
    }
  });

  it('says invalid for a voided code, a stranger, nonsense and an empty string', async () => {
    const voided = await createCode(t.database.db, { status: 'void' });
    for (const input of [voided.code, generateCode(() => new Uint8Array(9).fill(9)), 'hej', '']) {
      expect((await validate(input)).json()).toEqual({ valid: false });
    }
  });

  it('is rate-limited per address', async () => {
    for (let i = 0; i < 20; i++) expect((await validate('hej', '10.9.9.9')).statusCode).toBe(200);
    const limited = await validate('hej', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^For mange forsøg/);
  });
});
