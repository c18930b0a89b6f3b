import { describe, expect, test } from 'vitest';
import { normaliseEventDate } from './event-date';

describe('a timeline date as typed', () => {
  test.each([
    ['1962', '1962'],
    ['1962-06-14', '1962-06-14'],
    ['14.6.1962', '1962-06-14'],
    ['14-06-1962', '1962-06-14'],
    ['14/6/1962', '1962-06-14'],
    ['6.1962', '1962-06'],
    ['juni 1962', '1962-06'],
    ['14. juni 1962', '1962-06-14'],
    ['3. dec. 1970', '1970-12-03'],
    ['  1945 ', '1945'],
  ])('%s becomes %s', (typed, stored) => {
    expect(normaliseEventDate(typed)).toBe(stored);
  });

  test('what it cannot read is left for the schema to refuse', () => {
    expect(normaliseEventDate('sommeren 62')).toBe('sommeren 62');
    expect(normaliseEventDate('ma 1962')).toBe('ma 1962');
  });
});
