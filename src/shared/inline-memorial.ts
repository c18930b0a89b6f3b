/**
 * The memorial as the server writes it into a page's HTML (page-head.ts), and as the browser reads
 * it back (use-memorial.ts). A photo has fifteen variants (three formats in five widths) whose
 * addresses differ only in their file name; written out in full they were more than half of a
 * 40-photo page's HTML, which a phone parses before anything is on screen. Here each variant is
 * `[width, height, format, bytes, file]` under its photo's folder; everything else is as the API
 * gives it, and reading it back gives exactly the API's memorial.
 */
import type { MediaItem, MediaVariant } from './media';
import type { Memorial } from './memorials';

type PackedVariant = [width: number, height: number, format: MediaVariant['format'], bytes: number, file: string];

type PackedItem = Omit<MediaItem, 'variants'> & { variantFolder: string; packedVariants: PackedVariant[] };

export type InlineMemorial = Omit<Memorial, 'media'> & { media: PackedItem[] };

/** The longest start every address shares, up to and including a "/". */
function commonFolder(urls: string[]): string {
  if (urls.length === 0) return '';
  let folder = urls[0]!.slice(0, urls[0]!.lastIndexOf('/') + 1);
  for (const url of urls) {
    while (!url.startsWith(folder)) {
      // One folder up; from "/" (or a start without any) to nothing, which every address shares.
      const parentEnd = folder.length > 1 ? folder.lastIndexOf('/', folder.length - 2) : -1;
      folder = parentEnd < 0 ? '' : folder.slice(0, parentEnd + 1);
    }
  }
  return folder;
}

export function packMemorial(memorial: Memorial): InlineMemorial {
  return {
    ...memorial,
    media: memorial.media.map(({ variants, ...item }) => {
      const folder = commonFolder(variants.map((variant) => variant.url));
      return {
        ...item,
        variantFolder: folder,
        packedVariants: variants.map((v): PackedVariant => [v.width, v.height, v.format, v.bytes, v.url.slice(folder.length)]),
      };
    }),
  };
}

export function unpackMemorial(inline: InlineMemorial): Memorial {
  return {
    ...inline,
    media: inline.media.map(({ variantFolder, packedVariants, ...item }) => ({
      ...item,
      variants: packedVariants.map(([width, height, format, bytes, file]) => ({ width, height, format, url: variantFolder + file, bytes })),
    })),
  };
}
