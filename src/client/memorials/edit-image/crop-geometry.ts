/**
 * The arithmetic of cropping and turning a photo, kept apart from the screen so it can be tested:
 * every rectangle is in pixels of the original turned by the chosen rotation (what the server's
 * edit call expects, src/shared/media.ts), never in pixels of the screen.
 */
import type { PhotoEdit } from '@/shared/media';

export type Rotation = PhotoEdit['rotate'];
export interface Size {
  width: number;
  height: number;
}
export interface Rect extends Size {
  x: number;
  y: number;
}
/** Which edges a handle moves: a corner moves two, a side one. */
export interface Edges {
  left?: boolean;
  right?: boolean;
  top?: boolean;
  bottom?: boolean;
}

/** The crop sizes offered: width over height, null for a free crop. */
export const ASPECTS = [
  { id: 'free', label: 'Fri', ratio: null },
  { id: '1:1', label: '1:1 portræt', ratio: 1 },
  { id: '4:3', label: '4:3', ratio: 4 / 3 },
  { id: '3:2', label: '3:2', ratio: 3 / 2 },
  { id: '16:9', label: '16:9', ratio: 16 / 9 },
] as const;
export type AspectId = (typeof ASPECTS)[number]['id'];

export const turnedSize = (original: Size, rotate: Rotation): Size =>
  rotate % 180 === 0 ? original : { width: original.height, height: original.width };

export const fullFrame = (image: Size): Rect => ({ x: 0, y: 0, width: image.width, height: image.height });

/**
 * The smallest crop the frame shrinks to: the server refuses less than 16 pixels, and on a phone
 * a frame much smaller than a twentieth of the picture cannot be grabbed again.
 */
export const minCropSide = (image: Size) => Math.max(16, Math.min(image.width, image.height) / 20);

/**
 * A ratio for this picture: wide ratios are laid along the picture's longer side, so 16:9 on a
 * standing photo gives a standing 9:16 frame rather than a thin strip.
 */
export function orientedRatio(ratio: number, image: Size): number {
  return image.height > image.width ? 1 / ratio : ratio;
}

/** The same part of the picture after turning it a quarter clockwise (1) or anticlockwise (-1). */
export function turnRect(rect: Rect, image: Size, direction: 1 | -1): Rect {
  return direction === 1
    ? { x: image.height - (rect.y + rect.height), y: rect.x, width: rect.height, height: rect.width }
    : { x: rect.y, y: image.width - (rect.x + rect.width), width: rect.height, height: rect.width };
}

export const turn = (rotate: Rotation, direction: 1 | -1): Rotation => (((rotate + direction * 90 + 360) % 360) as Rotation);

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

/** Moves the frame without changing its size; it stops at the picture's edges. */
export function moveRect(rect: Rect, dx: number, dy: number, image: Size): Rect {
  return { ...rect, x: clamp(rect.x + dx, 0, image.width - rect.width), y: clamp(rect.y + dy, 0, image.height - rect.height) };
}

/**
 * The largest frame of `ratio` inside the picture, centred where the current frame is (so choosing
 * a format keeps the face the person framed), pushed back inside at the edges.
 */
export function fitRatio(rect: Rect, ratio: number, image: Size): Rect {
  const width = Math.min(image.width, image.height * ratio);
  const height = width / ratio;
  const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  return moveRect({ x: centre.x - width / 2, y: centre.y - height / 2, width, height }, 0, 0, image);
}

/**
 * Drags the given edges by (dx, dy) from where the drag began. The opposite edges stay put; the
 * frame never leaves the picture, never gets smaller than minCropSide, and with a ratio keeps it.
 */
export function resizeRect(start: Rect, edges: Edges, dx: number, dy: number, image: Size, ratio: number | null): Rect {
  const min = minCropSide(image);
  const right = start.x + start.width;
  const bottom = start.y + start.height;
  let left = start.x;
  let top = start.y;
  let newRight = right;
  let newBottom = bottom;
  if (edges.left) left = clamp(start.x + dx, 0, right - min);
  if (edges.right) newRight = clamp(right + dx, left + min, image.width);
  if (edges.top) top = clamp(start.y + dy, 0, bottom - min);
  if (edges.bottom) newBottom = clamp(bottom + dy, top + min, image.height);
  const free = { x: left, y: top, width: newRight - left, height: newBottom - top };
  if (ratio === null) return free;

  // With a ratio the frame grows from the corner (or side's middle) opposite the handle: the
  // larger of the two wished changes wins, then it is cut to the room there is.
  const horizontal = edges.left || edges.right;
  const vertical = edges.top || edges.bottom;
  let width = horizontal && vertical ? Math.max(free.width, free.height * ratio) : horizontal ? free.width : free.height * ratio;
  const anchorX = edges.left ? right : edges.right ? start.x : start.x + start.width / 2;
  const anchorY = edges.top ? bottom : edges.bottom ? start.y : start.y + start.height / 2;
  const roomX = edges.left ? anchorX : edges.right ? image.width - anchorX : 2 * Math.min(anchorX, image.width - anchorX);
  const roomY = edges.top ? anchorY : edges.bottom ? image.height - anchorY : 2 * Math.min(anchorY, image.height - anchorY);
  width = Math.min(width, roomX, roomY * ratio);
  width = Math.max(width, Math.min(min * Math.max(1, ratio), roomX, roomY * ratio));
  const height = width / ratio;
  const x = edges.left ? anchorX - width : edges.right ? anchorX : anchorX - width / 2;
  const y = edges.top ? anchorY - height : edges.bottom ? anchorY : anchorY - height / 2;
  return { x, y, width, height };
}

/**
 * One key press on the frame: an arrow moves it a small step, with Shift it grows or shrinks from
 * its top-left corner (right and down grow, left and up shrink). Null for any other key.
 */
export function keyStep(key: string, shift: boolean, rect: Rect, image: Size, ratio: number | null): Rect | null {
  const direction = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!direction) return null;
  // A fiftieth of the picture: a few presses cross it, many make fine adjustments.
  const step = Math.max(1, Math.max(image.width, image.height) / 50);
  const [dx, dy] = direction as [number, number];
  if (!shift) return moveRect(rect, dx * step, dy * step, image);
  if (ratio !== null) {
    const grow = dx + dy;
    return resizeRect(rect, { right: true, bottom: true }, grow * step, grow * step, image, ratio);
  }
  return resizeRect(rect, { right: dx !== 0, bottom: dy !== 0 }, dx * step, dy * step, image, null);
}

/** Whole pixels inside the picture, as the server takes them. */
export function roundRect(rect: Rect, image: Size): Rect {
  const x = Math.min(Math.max(0, Math.round(rect.x)), image.width - 1);
  const y = Math.min(Math.max(0, Math.round(rect.y)), image.height - 1);
  return { x, y, width: Math.min(Math.round(rect.width), image.width - x), height: Math.min(Math.round(rect.height), image.height - y) };
}

/** What the edit call gets: no crop at all when the frame is the whole picture. */
export function toEdit(rotate: Rotation, rect: Rect, image: Size): PhotoEdit {
  const crop = roundRect(rect, image);
  const whole = crop.x === 0 && crop.y === 0 && crop.width === image.width && crop.height === image.height;
  return whole ? { rotate } : { rotate, crop };
}
