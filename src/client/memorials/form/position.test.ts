import { describe, expect, test } from 'vitest';
import { formatPosition, parsePosition } from './position';

describe('a map position as people give it', () => {
  test.each([
    ['55.6761, 12.5683', { latitude: 55.6761, longitude: 12.5683 }],
    ['55.6761 12.5683', { latitude: 55.6761, longitude: 12.5683 }],
    ['55,6761 12,5683', { latitude: 55.6761, longitude: 12.5683 }],
    ['55,6761; 12,5683', { latitude: 55.6761, longitude: 12.5683 }],
    ['-33.8688, 151.2093', { latitude: -33.8688, longitude: 151.2093 }],
    ['https://www.openstreetmap.org/?mlat=55.4038&mlon=10.4024#map=19/55.4038/10.4024', { latitude: 55.4038, longitude: 10.4024 }],
    ['https://www.openstreetmap.org/#map=18/56.15674/10.21076', { latitude: 56.15674, longitude: 10.21076 }],
    ['https://www.google.com/maps/place/Assistens+Kirkeg%C3%A5rd/@55.6911,12.5489,17z', { latitude: 55.6911, longitude: 12.5489 }],
    ['https://maps.google.com/?q=55.6911,12.5489', { latitude: 55.6911, longitude: 12.5489 }],
  ])('%s', (input, expected) => {
    expect(parsePosition(input)).toEqual(expected);
  });

  test('nothing readable, or off the globe, is no position', () => {
    expect(parsePosition('')).toBeNull();
    expect(parsePosition('Assistens Kirkegård')).toBeNull();
    expect(parsePosition('95, 12')).toBeNull();
    expect(parsePosition('55, 190')).toBeNull();
  });

  test('a stored position is written back the way it is read', () => {
    expect(formatPosition({ latitude: 55.6761, longitude: 12.5683 })).toBe('55.6761, 12.5683');
    expect(parsePosition(formatPosition({ latitude: 55.6761, longitude: 12.5683 }))).toEqual({ latitude: 55.6761, longitude: 12.5683 });
    expect(formatPosition({ latitude: null, longitude: null })).toBe('');
  });
});
