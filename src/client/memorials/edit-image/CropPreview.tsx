/**
 * The photo as it will look after saving, following the frame as it moves: the same turned image
 * as the stage, scaled so only the frame's part fills the box.
 */
import type { Rect, Rotation, Size } from './crop-geometry';
import { TurnedImage } from './TurnedImage';

interface CropPreviewProps {
  src: string;
  original: Size;
  rotate: Rotation;
  turned: Size;
  rect: Rect;
  /** Alt text: what the photo shows, as the gallery names it. */
  label: string;
}

/** The preview box's largest height: small beside the stage, large enough to judge a face. */
const MAX_HEIGHT_PX = 200;

export function CropPreview({ src, original, rotate, turned, rect, label }: CropPreviewProps) {
  const ratio = rect.width / rect.height;
  return (
    <div
      role="img"
      aria-label={label}
      className="relative overflow-hidden rounded-md border border-border bg-muted"
      style={{ aspectRatio: `${rect.width} / ${rect.height}`, width: `min(100%, ${Math.round(MAX_HEIGHT_PX * ratio)}px)` }}
    >
      <div
        className="absolute"
        style={{
          left: `${(-rect.x / rect.width) * 100}%`,
          top: `${(-rect.y / rect.height) * 100}%`,
          width: `${(turned.width / rect.width) * 100}%`,
          height: `${(turned.height / rect.height) * 100}%`,
        }}
      >
        <TurnedImage src={src} original={original} rotate={rotate} />
      </div>
    </div>
  );
}
