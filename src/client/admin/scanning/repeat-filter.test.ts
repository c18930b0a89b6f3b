import { describe, expect, it } from 'vitest';
import { repeatFilter } from './repeat-filter';

describe('repeatFilter', () => {
  it('lets a text through once while it stays in view, and again after a pause of 2 s', () => {
    let now = 0;
    const pass = repeatFilter(2000, () => now);
    expect(pass('A')).toBe(true);
    for (now = 250; now <= 5000; now += 250) expect(pass('A')).toBe(false);
    now = 7001;
    expect(pass('A')).toBe(true);
  });

  it('lets another text through at once, and the first one after it', () => {
    let now = 0;
    const pass = repeatFilter(2000, () => now);
    expect(pass('A')).toBe(true);
    now = 100;
    expect(pass('B')).toBe(true);
    now = 200;
    expect(pass('A')).toBe(true);
    now = 300;
    expect(pass('A')).toBe(false);
  });
});
