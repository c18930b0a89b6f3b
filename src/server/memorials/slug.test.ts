import { describe, expect, it } from 'vitest';
import { baseSlug, slugCandidate, slugify } from './slug';

describe('memorial addresses', () => {
  it('reads as the name and the years, with Danish letters spelled out', () => {
    expect(baseSlug('Karen Jensen', '1941-03-02', '2023-10-30')).toBe('karen-jensen-1941-2023');
    expect(baseSlug('Søren Ærø Åberg', '1950-01-01', null)).toBe('soeren-aeroe-aaberg-1950');
    expect(baseSlug('  Jens-Peter  "JP" Müller ', null, null)).toBe('jens-peter-jp-muller');
  });

  it('keeps an address for a name made only of signs, and a long name short', () => {
    expect(baseSlug('☆☆', null, null)).toBe('mindeside');
    expect(baseSlug('†', '1930-05-05', '2020-01-01')).toBe('mindeside-1930-2020');
    expect(slugify('a'.repeat(200)).length).toBeLessThanOrEqual(76);
  });

  it('suffixes -2, -3 … and never hands out a reserved word or a page of the app', () => {
    expect([0, 1, 2].map((n) => slugCandidate('karen-jensen', n))).toEqual(['karen-jensen', 'karen-jensen-2', 'karen-jensen-3']);
    expect(slugCandidate('login', 0)).toBe('login-2');
    expect(slugCandidate('profile', 0)).toBe('profile-2');
  });
});
