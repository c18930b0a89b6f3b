/**
 * What Chromium's fake camera films: a Y4M video of one QR symbol, written by the test that needs
 * it (nothing binary is committed). Chromium plays it in a loop to every getUserMedia caller when
 * started with FAKE_CAMERA_ARGS(file).
 */
import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** The white border a reader needs around the symbol, in modules (the QR standard's four). */
const QUIET_ZONE = 4;
/** A still picture needs only a few frames; Chromium loops them. */
const FRAMES = 4;

/**
 * Chromium's flags for a fake camera filming `video` (or Chromium's own test pattern). `allowed`:
 * the permission prompt is answered yes at once, as by a person who allows it; without that,
 * headless Chromium answers no.
 */
export const FAKE_CAMERA_ARGS = (video?: string, allowed = true) => [
  ...(allowed ? ['--use-fake-ui-for-media-stream'] : []),
  '--use-fake-device-for-media-stream',
  ...(video ? [`--use-file-for-fake-video-capture=${video}`] : []),
];

/**
 * Writes a 640×480 video of `text` as a QR symbol (error correction Q), black on white, as large
 * as fits with its quiet zone and centred: YUV4MPEG2, 4:2:0, grey (U and V at 128).
 */
export async function writeQrVideo(file: string, text: string): Promise<void> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules.size + 2 * QUIET_ZONE));
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);

  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) luma.fill(0, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array<Buffer>(FRAMES).fill(frame)]));
}
