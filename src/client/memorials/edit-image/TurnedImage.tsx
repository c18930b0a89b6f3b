/**
 * The original turned by the chosen rotation, filling its parent exactly. The parent must have the
 * turned picture's proportions; the image is drawn unturned at the swapped size and rotated about
 * its centre, so the crop frame, the preview and the server all mean the same pixels.
 */
import type { Rotation, Size } from './crop-geometry';

interface TurnedImageProps {
  src: string;
  /** The original's upright size, before turning. */
  original: Size;
  rotate: Rotation;
  onLoad?: () => void;
  onError?: () => void;
}

export function TurnedImage({ src, original, rotate, onLoad, onError }: TurnedImageProps) {
  const sideways = rotate % 180 !== 0;
  // Sideways, the image's width is the parent's height: as a share of the parent's width that is height/width.
  const width = sideways ? (original.width / original.height) * 100 : 100;
  const height = sideways ? (original.height / original.width) * 100 : 100;
  return (
    <img
      src={src}
      alt=""
      draggable={false}
      onLoad={onLoad}
      onError={onError}
      className="pointer-events-none absolute top-1/2 left-1/2 max-w-none select-none"
      style={{ width: `${width}%`, height: `${height}%`, transform: `translate(-50%, -50%) rotate(${rotate}deg)` }}
    />
  );
}
