import type { DuplicateField } from './auth';

/**
 * Every error the API sends has this shape (ARCHITECTURE.md): a Danish sentence for a person, the
 * field it is about, and for a taken username or e-mail the duplicates (SPEC.md §8). A type, not a
 * zod schema: the request helper that reads it loads with every page.
 */
export interface ErrorResponse {
  message: string;
  field?: string;
  duplicates?: DuplicateField[];
}

export const UNKNOWN_SERVER_ERROR = 'Ukendt serverfejl';
