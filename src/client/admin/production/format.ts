/** The production floor in Danish words: how long something has waited, a plaque's size and material. */
import { PLAQUE_MATERIAL_LABELS, PLAQUE_SIZES, type PlaqueMaterial } from '@/shared/plaque';
import { formatCode } from '@/shared/qr-code';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "lige nu", "5 min.", "1 time", "3 timer", "1 dag", "12 dage": how long since `iso`, for a queue's "venter i …". */
export function ageText(iso: string, now: Date = new Date()): string {
  const ago = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (ago < MINUTE) return 'lige nu';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min.`;
  if (ago < DAY) {
    const hours = Math.floor(ago / HOUR);
    return hours === 1 ? '1 time' : `${hours} timer`;
  }
  const days = Math.floor(ago / DAY);
  return days === 1 ? '1 dag' : `${days} dage`;
}

/** "venter i 3 timer", "lige nu": what the queue says under an item. */
export const waitedText = (iso: string, now?: Date) => {
  const age = ageText(iso, now);
  return age === 'lige nu' ? 'kom til lige nu' : `venter i ${age}`;
};

/** "5 × 5 cm" for the sizes we sell, "120 × 40 mm" for anything else. */
export function plaqueSizeText(widthMm: number, heightMm: number): string {
  return PLAQUE_SIZES.find((size) => size.widthMm === widthMm && size.heightMm === heightMm)?.label ?? `${widthMm} × ${heightMm} mm`;
}

/** "Rustfrit stål, 5 × 5 cm" */
export const plaqueText = (job: { material: PlaqueMaterial; widthMm: number; heightMm: number }) => `${PLAQUE_MATERIAL_LABELS[job.material]}, ${plaqueSizeText(job.widthMm, job.heightMm)}`;

/** "plade 7K3QM-XR8D2": what a job is called in a heading or a dialog. */
export const jobName = (job: { code: string }) => `plade ${formatCode(job.code)}`;

/** Where a job is shown in the back office. */
export const jobLink = (id: string) => `/admin/laser-engraving?job=${encodeURIComponent(id)}`;
export const packageLink = (id: string) => `/admin/qr-packages/${encodeURIComponent(id)}`;
export const printSheetLink = (id: string) => `/api/admin/qr-packages/${encodeURIComponent(id)}/print.pdf`;
