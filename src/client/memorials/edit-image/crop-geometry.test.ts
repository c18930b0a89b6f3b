/**
 * The crop arithmetic on its own: turning keeps the same part of the picture, the frame never
 * leaves the picture or loses its format, and the server gets whole pixels.
 */
import { describe, expect, it } from 'vitest';
import { fitRatio, keyStep, moveRect, orientedRatio, resizeRect, toEdit, turn, turnRect, turnedSize } from './crop-geometry';

const landscape = { width: 800, height: 600 };

describe('turning', () => {
  it('keeps the same part of the picture when turned a quarter either way, and back again', () => {
    const rect = { x: 100, y: 50, width: 200, height: 100 };
    const right = turnRect(rect, landscape, 1);
    // The top-left of a picture turned clockwise ends at the top-right.
    expect(right).toEqual({ x: 600 - 150, y: 100, width: 100, height: 200 });
    expect(turnRect(right, turnedSize(landscape, 90), -1)).toEqual(rect);
    expect(turn(0, -1)).toBe(270);
    expect(turn(270, 1)).toBe(0);
    expect(turnedSize(landscape, 270)).toEqual({ width: 600, height: 800 });
  });
});

describe('moving and resizing', () => {
  it('stops at the edges of the picture', () => {
    expect(moveRect({ x: 700, y: 10, width: 100, height: 100 }, 50, -40, landscape)).toEqual({ x: 700, y: 0, width: 100, height: 100 });
    expect(resizeRect({ x: 100, y: 100, width: 200, height: 200 }, { left: true, top: true }, -500, -500, landscape, null)).toEqual({ x: 0, y: 0, width: 300, height: 300 });
  });

  it('never shrinks below the smallest frame, and keeps the opposite corner where it was', () => {
    const shrunk = resizeRect({ x: 100, y: 100, width: 200, height: 200 }, { right: true, bottom: true }, -1000, -1000, landscape, null);
    expect(shrunk).toEqual({ x: 100, y: 100, width: 30, height: 30 });
  });

  it('keeps a chosen format while a corner is dragged, within the room there is', () => {
    const square = resizeRect({ x: 0, y: 0, width: 100, height: 100 }, { right: true, bottom: true }, 900, 20, landscape, 1);
    expect(square).toEqual({ x: 0, y: 0, width: 600, height: 600 });
    const wide = resizeRect({ x: 400, y: 300, width: 160, height: 90 }, { left: true, top: true }, -100, 0, landscape, 16 / 9);
    expect(wide.width / wide.height).toBeCloseTo(16 / 9);
    expect(wide.x + wide.width).toBeCloseTo(560);
    expect(wide.y + wide.height).toBeCloseTo(390);
  });

  it('fits a format around the current frame, laid along a standing picture', () => {
    const fitted = fitRatio({ x: 600, y: 0, width: 200, height: 600 }, 1, landscape);
    expect(fitted).toEqual({ x: 200, y: 0, width: 600, height: 600 });
    expect(orientedRatio(16 / 9, { width: 600, height: 800 })).toBeCloseTo(9 / 16);
  });
});

describe('keys', () => {
  it('moves by arrows and resizes with Shift, ignoring other keys', () => {
    const rect = { x: 100, y: 100, width: 200, height: 200 };
    expect(keyStep('ArrowRight', false, rect, landscape, null)).toEqual({ x: 116, y: 100, width: 200, height: 200 });
    expect(keyStep('ArrowUp', true, rect, landscape, null)).toEqual({ x: 100, y: 100, width: 200, height: 184 });
    expect(keyStep('ArrowRight', true, rect, landscape, 1)).toEqual({ x: 100, y: 100, width: 216, height: 216 });
    expect(keyStep('Enter', false, rect, landscape, null)).toBeNull();
  });
});

describe('what the server gets', () => {
  it('whole pixels inside the picture, and no crop for the whole picture', () => {
    expect(toEdit(90, { x: 10.4, y: 0.6, width: 99.5, height: 800 }, { width: 600, height: 800 })).toEqual({ rotate: 90, crop: { x: 10, y: 1, width: 100, height: 799 } });
    expect(toEdit(0, { x: 0, y: 0, width: 800, height: 600 }, landscape)).toEqual({ rotate: 0 });
  });
});
