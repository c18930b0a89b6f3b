/** A memorial's gallery items (issue 4 "Media"); no zod here, see media-api.ts for the schemas. */
export const MEDIA_KINDS = ['photo', 'video', 'youtube'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const CAPTION_MAX = 500;

export interface MediaVariant {
  width: number;
  height: number;
  format: 'avif' | 'webp' | 'jpeg';
  /** Where the browser fetches it: /media/<storage key>. */
  url: string;
  bytes: number;
}

/** A crop and rotation of a photo (/edit-image/{id}); the crop is in pixels of the rotated original. */
export interface PhotoEdit {
  rotate: 0 | 90 | 180 | 270;
  crop?: { x: number; y: number; width: number; height: number };
}

export interface MediaItem {
  id: string;
  kind: MediaKind;
  caption: string;
  position: number;
  width: number | null;
  height: number | null;
  /** Photos: every size in every format, smallest first. */
  variants: MediaVariant[];
  /** Photos: a tiny blurred image to show while the real one loads. */
  placeholder: string | null;
  /** Uploaded videos: the file as it came. */
  videoUrl: string | null;
  mime: string | null;
  /** Photos: the crop and rotation shown, applied to the kept original. */
  edit: PhotoEdit | null;
  /** YouTube links: the video's id. */
  youtubeId: string | null;
  createdAt: string;
  /**
   * Only in the view of the memorial's administrators: the memorial has no Premium now, so
   * visitors do not see this item (a film, or a photo past the free plan's limit). It is kept and
   * shown again when Premium is paid (premium.ts).
   */
  hiddenWithoutPremium?: boolean;
}
