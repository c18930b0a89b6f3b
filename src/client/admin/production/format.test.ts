import { describe, expect, it } from 'vitest';
import { ageText, plaqueSizeText, plaqueText, waitedText } from './format';

describe('ageText', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('says how long in the unit a person would', () => {
    expect(ageText(before(20_000), now)).toBe('lige nu');
    expect(ageText(before(5 * 60_000), now)).toBe('5 min.');
    expect(ageText(before(65 * 60_000), now)).toBe('1 time');
    expect(ageText(before(5 * 3600_000), now)).toBe('5 timer');
    expect(ageText(before(30 * 3600_000), now)).toBe('1 dag');
    expect(ageText(before(12 * 24 * 3600_000), now)).toBe('12 dage');
    // A clock a little ahead of the server's is not "in the future".
    expect(ageText(new Date(now.getTime() + 5_000).toISOString(), now)).toBe('lige nu');
    expect(waitedText(before(3 * 3600_000), now)).toBe('venter i 3 timer');
  });
});

describe('plaque words', () => {
  it('names the sizes we sell as the shop does, and the material in Danish', () => {
    expect(plaqueSizeText(100, 60)).toBe('10 × 6 cm');
    expect(plaqueSizeText(120, 40)).toBe('120 × 40 mm');
    expect(plaqueText({ material: 'granit', widthMm: 80, heightMm: 80 })).toBe('Sort granit, 8 × 8 cm');
  });
});
