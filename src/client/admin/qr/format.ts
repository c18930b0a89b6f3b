/** The production floor's codes and packages in Danish words: counts, steps, and what the history says. */
import type { StaffActionEntry } from '@/shared/people';
import { QR_STATUS_LABELS, QR_STATUSES, type QrPackageStatus, type QrStatus, STAFF_QR_STATUS_LABELS } from '@/shared/qr-lifecycle';
import { staffActionWords } from '@/shared/staff-actions';
import { danishNumber } from '../people/format';

/** "1 kode", "250 koder". */
export const codeCount = (n: number) => `${danishNumber(n)} ${n === 1 ? 'kode' : 'koder'}`;
/** "1 pakke", "12 pakker". */
export const packageCount = (n: number) => `${danishNumber(n)} ${n === 1 ? 'pakke' : 'pakker'}`;

/** The states as the back office speaks of them. */
export const stateLabel = (status: QrStatus) => STAFF_QR_STATUS_LABELS[status];

/** "Markér som produceret", "Markér som på lager", and for the last step, plainly, "Markér som sendt". */
export const stepLabel = (to: QrPackageStatus) => (to === 'shipped' ? 'Markér som sendt' : `Markér som ${QR_STATUS_LABELS[to].toLowerCase()}`);

const isStatus = (value: unknown): value is QrStatus => typeof value === 'string' && (QR_STATUSES as readonly string[]).includes(value);

/** What a package's history entry says, after who did it: "oprettede pakken med 250 koder". */
export function packageHistoryText(entry: Pick<StaffActionEntry, 'action' | 'details'>): string {
  const { details } = entry;
  const codes = typeof details.codes === 'number' ? ` (${codeCount(details.codes)})` : '';
  switch (entry.action) {
    case 'qr-package.create':
      return typeof details.size === 'number' ? `oprettede pakken med ${codeCount(details.size)}` : 'oprettede pakken';
    case 'qr-package.status':
      return isStatus(details.from) && isStatus(details.to)
        ? `flyttede pakken fra ${stateLabel(details.from)} til ${stateLabel(details.to)}${codes}`
        : `flyttede pakken et trin videre${codes}`;
    default:
      return staffActionWords(entry.action).done;
  }
}
