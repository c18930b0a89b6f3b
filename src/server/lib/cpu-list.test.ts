import { describe, expect, it } from 'vitest';
import { formatCpuList, parseCpuList, splitCpus } from './cpu-list';

describe('CPU lists', () => {
  it('reads single CPUs, ranges and both, once each and in order', () => {
    expect(parseCpuList('1', 2)).toEqual([1]);
    expect(parseCpuList('5,2-3,3', 8)).toEqual([2, 3, 5]);
    expect(parseCpuList('3-1', 8)).toBe('kan ikke læses: 3-1');
    expect(parseCpuList('0-4', 4)).toBe('nævner CPU 4, men maskinen har kun CPU 0–3');
  });

  it('writes them back with ranges joined', () => {
    expect(formatCpuList([0, 1, 2, 5, 7, 8])).toBe('0-2,5,7-8');
    expect(formatCpuList([1])).toBe('1');
  });

  it('gives the web process every CPU the jobs do not take, and refuses to take them all', () => {
    expect(splitCpus('1', 2)).toEqual({ jobs: '1', web: '0' });
    expect(splitCpus('2-3', 8)).toEqual({ jobs: '2-3', web: '0-1,4-7' });
    expect(splitCpus('0,1', 2)).toBe("tager alle maskinens 2 CPU'er; webprocessen skal have mindst én");
  });
});
