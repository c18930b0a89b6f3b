import { describe, expect, it } from 'vitest';
import { formatClock, formatMegabytes, formatMs, formatPerMinute, formatShare } from './figures-format';

// Danish numbers put a no-break space before the unit, so a value never wraps from its unit.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the performance figures in Danish', () => {
  it('writes milliseconds to a tenth under ten, whole above, and a dash for nothing measured', () => {
    expect(plain(formatMs(3.24))).toBe('3,2 ms');
    expect(plain(formatMs(48.4))).toBe('48 ms');
    expect(plain(formatMs(1250))).toBe('1.250 ms');
    expect(plain(formatMs(0))).toBe('0 ms');
    expect(formatMs(null)).toBe('–');
  });

  it('writes a share as a percentage, never rounding a failure down to nothing', () => {
    expect(plain(formatShare(0))).toBe('0 %');
    expect(plain(formatShare(0.004))).toBe('0,4 %');
    expect(plain(formatShare(0.0125))).toBe('1,3 %');
    expect(plain(formatShare(1))).toBe('100 %');
    expect(plain(formatShare(0.0001))).toBe('under 0,1 %');
  });

  it('writes requests per minute to a tenth', () => {
    expect(formatPerMinute(12.44)).toBe('12,4');
    expect(formatPerMinute(0)).toBe('0');
    expect(formatPerMinute(0.02)).toBe('under 0,1');
    expect(formatPerMinute(1234.5)).toBe('1.235');
  });

  it('writes memory in whole megabytes', () => {
    expect(plain(formatMegabytes(182 * 1024 * 1024 + 300_000))).toBe('182 MB');
    expect(plain(formatMegabytes(1536 * 1024 * 1024))).toBe('1.536 MB');
  });

  it('tells the time on a Danish clock', () => {
    expect(formatClock(new Date('2025-11-14T13:05:12Z'))).toBe('14.05.12');
  });
});
