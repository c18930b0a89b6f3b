/** The commission typed the Danish way, and the lines a reseller's history adds under an entry. */
import { describe, expect, it } from 'vitest';
import type { StaffActionEntry } from '@/shared/people';
import { applicationsWaiting, parsePercent, percentText, resellerActionDetail } from './format';

const entry = (action: string, details: Record<string, unknown>): StaffActionEntry => ({ id: 1, actorId: null, actorName: 'Birthe', action, details, ip: null, at: '2026-11-22T10:00:00.000Z' });

describe('parsePercent', () => {
  it('reads whole numbers, a comma or a point, and a % sign', () => {
    expect(parsePercent('10')).toEqual({ basisPoints: 1000 });
    expect(parsePercent(' 12,5 ')).toEqual({ basisPoints: 1250 });
    expect(parsePercent('12.75 %')).toEqual({ basisPoints: 1275 });
    expect(parsePercent('0')).toEqual({ basisPoints: 0 });
    expect(parsePercent('100')).toEqual({ basisPoints: 10_000 });
    // 0,07 is 7 basis points, with no float error (0.07 * 100 = 7.000000000000001).
    expect(parsePercent('0,07')).toEqual({ basisPoints: 7 });
  });

  it('says in Danish what is wrong', () => {
    expect(parsePercent('')).toEqual({ error: 'Skriv provisionen i procent, fx 10 eller 12,5.' });
    expect(parsePercent('12,555')).toEqual({ error: 'Skriv provisionen som et tal med højst to decimaler, fx 12,5.' });
    expect(parsePercent('-5')).toHaveProperty('error');
    expect(parsePercent('tolv')).toHaveProperty('error');
    expect(parsePercent('100,01')).toEqual({ error: 'Provisionen kan højst være 100 %.' });
  });

  it('gives back what percentText wrote', () => {
    for (const basisPoints of [0, 5, 1000, 1250, 1275, 10_000]) expect(parsePercent(percentText(basisPoints))).toEqual({ basisPoints });
    expect(percentText(1250)).toBe('12,5');
  });
});

describe('the words of the list and the history', () => {
  it('counts the applications that wait', () => {
    expect(applicationsWaiting(0)).toBe('Ingen ansøgninger venter');
    expect(applicationsWaiting(1)).toBe('1 ansøgning venter');
    expect(applicationsWaiting(1200)).toBe('1.200 ansøgninger venter');
  });

  it('adds the rate, the reason or the way in under an entry', () => {
    expect(resellerActionDetail(entry('reseller.approve', { commissionBasisPoints: 1250, account: 'setup-link' }))).toBe('Provision 12,5 % · Link til at oprette kontoen sendt til ansøgeren');
    expect(resellerActionDetail(entry('reseller.approve', { commissionBasisPoints: 0, account: 'existing' }))).toBe('Provision 0 %');
    expect(resellerActionDetail(entry('reseller.reject', { reason: 'Ukendt CVR.' }))).toBe('Begrundelse: Ukendt CVR.');
    expect(resellerActionDetail(entry('reseller.commission', { from: 1000, to: 1250 }))).toBe('Fra 10 % til 12,5 %');
    expect(resellerActionDetail(entry('reseller.reinstate', { reason: 'Gammel.' }))).toBeNull();
    expect(resellerActionDetail(entry('user.role', { from: 'user', to: 'admin' }))).toBeNull();
  });
});
