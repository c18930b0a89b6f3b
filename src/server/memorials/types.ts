/**
 * The memorial's types that deps.ts names as well as memorials/ itself: a leaf module (it imports
 * only the schema and shared/), so deps.ts → recent.ts → service.ts → deps.ts is no cycle, not
 * even of types.
 */
import type { MemberRole } from '../../shared/memorials';
import type { memorials } from '../db/schema';

export type MemorialRow = typeof memorials.$inferSelect;

/** A memorial as a look-up finds it: its row, and the reader's role on it (null for a visitor). */
export interface FoundMemorial {
  row: MemorialRow;
  role: MemberRole | null;
}

/** Memorials as visitors find them, read at most once a second (recent.ts). */
export interface RecentMemorials {
  /** The memorial with no reader's role (a visitor's view), or null when there is none. */
  find(idOrSlug: string): Promise<FoundMemorial | null>;
  forget(memorialId: string): void;
}
