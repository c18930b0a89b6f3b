import { describe, expect, it } from 'vitest';
import { RESELLER_STATUSES, type ResellerStatus, isActiveReseller } from './resellers';

const record = (status: ResellerStatus) => ({ id: 'r1', companyName: 'Stenhuggeriet Vest ApS', status });

describe('the header\'s "Aktiv" badge', () => {
  it('is worn by an approved reseller only: not by an application, a rejection or a suspension', () => {
    const active: Record<ResellerStatus, boolean> = { pending: false, approved: true, rejected: false, suspended: false };
    // Every status is named above: a new one must be decided here, not fall through to "active".
    expect(Object.keys(active).sort()).toEqual([...RESELLER_STATUSES].sort());
    for (const status of RESELLER_STATUSES) expect(isActiveReseller(record(status)), status).toBe(active[status]);
  });

  it('is not worn without a record', () => {
    expect(isActiveReseller(null)).toBe(false);
  });
});
