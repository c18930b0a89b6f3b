import { describe, expect, it } from 'vitest';
import { formatTreeDate, isLiving, lifeYears, parseDanishDate } from '../../shared/family-tree';
import { readGedcomDate, writeGedcomDate } from './gedcom-dates';

describe("GEDCOM's dates", () => {
  it.each([
    ['12 MAR 1941', { qualifier: 'exact', year: 1941, month: 3, day: 12 }],
    ['MAR 1941', { qualifier: 'exact', year: 1941, month: 3 }],
    ['1941', { qualifier: 'exact', year: 1941 }],
    ['ABT 1890', { qualifier: 'about', year: 1890 }],
    ['CAL 1890', { qualifier: 'about', year: 1890 }],
    ['EST 1890', { qualifier: 'about', year: 1890 }],
    ['BEF 1850', { qualifier: 'before', year: 1850 }],
    ['AFT 12 jan 1920', { qualifier: 'after', year: 1920, month: 1, day: 12 }],
    ['BET 1890 AND 1895', { qualifier: 'between', year: 1890, to: 1895 }],
    ['FROM 1940 TO 1942', { qualifier: 'between', year: 1940, to: 1942 }],
    ['@#DGREGORIAN@ 2 FEB 1910', { qualifier: 'exact', year: 1910, month: 2, day: 2 }],
    ['1700/01', { qualifier: 'exact', year: 1700 }],
    ['INT 1890 (omkring jul)', { qualifier: 'exact', year: 1890 }],
  ])('reads %s', (text, date) => {
    expect(readGedcomDate(text)).toEqual(date);
  });

  it.each(['(ved krigens slutning)', 'sommeren 1945', '31 FEB 1941', '12 13 1941', 'BET 1895 AND', ''])('does not guess at %j', (text) => {
    expect(readGedcomDate(text)).toBeNull();
  });

  it('writes what it reads', () => {
    for (const text of ['12 MAR 1941', 'MAR 1941', '1941', 'ABT 1890', 'BEF 1850', 'AFT 1920', 'BET 1890 AND 1895']) {
      expect(writeGedcomDate(readGedcomDate(text)!)).toBe(text);
    }
  });
});

describe('dates as a Danish family types them', () => {
  it.each([
    ['1941', { qualifier: 'exact', year: 1941 }],
    ['12.3.1941', { qualifier: 'exact', year: 1941, month: 3, day: 12 }],
    ['12-03-1941', { qualifier: 'exact', year: 1941, month: 3, day: 12 }],
    ['12. marts 1941', { qualifier: 'exact', year: 1941, month: 3, day: 12 }],
    ['marts 1941', { qualifier: 'exact', year: 1941, month: 3 }],
    ['ca. 1890', { qualifier: 'about', year: 1890 }],
    ['omkring 1890', { qualifier: 'about', year: 1890 }],
    ['før 1850', { qualifier: 'before', year: 1850 }],
    ['efter 1920', { qualifier: 'after', year: 1920 }],
    ['1890–1895', { qualifier: 'between', year: 1890, to: 1895 }],
    ['mellem 1890 og 1895', { qualifier: 'between', year: 1890, to: 1895 }],
  ])('reads %s', (text, date) => {
    expect(parseDanishDate(text)).toEqual(date);
    expect(parseDanishDate(formatTreeDate(date as never))).toEqual(date);
  });

  it.each(['30.2.1941', 'sidste sommer', '1895–1890', '12. smarts 1941'])('says it cannot read %j', (text) => {
    expect(parseDanishDate(text)).toBeNull();
  });

  it('writes life years for a card', () => {
    expect(lifeYears({ qualifier: 'exact', year: 1941, month: 3, day: 12 }, { qualifier: 'exact', year: 2023 })).toBe('1941–2023');
    expect(lifeYears({ qualifier: 'about', year: 1890 }, null)).toBe('f. ca. 1890');
    expect(lifeYears(null, { qualifier: 'before', year: 1850 })).toBe('d. før 1850');
    expect(lifeYears({ qualifier: 'about', year: 1910 }, { qualifier: 'between', year: 1975, to: 1978 })).toBe('ca. 1910–1975/78');
    expect(lifeYears({ qualifier: 'between', year: 1898, to: 1902 }, null)).toBe('f. 1898/1902');
  });

  it('counts as living whoever has no death and was born within a hundred years, or is unknown', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(isLiving({ birth: { qualifier: 'exact', year: 1950 }, death: null, diedUndated: false }, now)).toBe(true);
    expect(isLiving({ birth: { qualifier: 'exact', year: 1920 }, death: null, diedUndated: false }, now)).toBe(false);
    expect(isLiving({ birth: { qualifier: 'between', year: 1920, to: 1930 }, death: null, diedUndated: false }, now)).toBe(true);
    expect(isLiving({ birth: null, death: null, diedUndated: false }, now)).toBe(true);
    expect(isLiving({ birth: { qualifier: 'exact', year: 1950 }, death: null, diedUndated: true }, now)).toBe(false);
  });
});
