import { describe, expect, it } from 'vitest';
import { ageAt, danishDate, lifeSpan } from './dates';

describe('dates on a memorial', () => {
  it('are written the Danish way', () => {
    expect(danishDate('1941-03-02')).toBe('2. marts 1941');
    expect(danishDate('1962-06')).toBe('juni 1962');
    expect(danishDate('1962')).toBe('1962');
    expect(lifeSpan('1941-03-02', '2023-10-30')).toBe('2. marts 1941 – 30. oktober 2023');
    expect(lifeSpan(null, null)).toBe('');
  });

  it('give the age reached, counting the birthday', () => {
    expect(ageAt('1941-03-02', '2023-10-30')).toBe(82);
    expect(ageAt('1941-11-02', '2023-10-30')).toBe(81);
    expect(ageAt('1941-10-30', '2023-10-30')).toBe(82);
    expect(ageAt(null, '2023-10-30')).toBeNull();
  });
});
