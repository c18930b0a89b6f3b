import { z } from 'zod';
import { duplicateFields } from './auth';

/** Every error the API sends has this shape (ARCHITECTURE.md): a Danish sentence for a person. */
export const errorResponse = z.object({
  message: z.string(),
  field: z.string().optional(),
  duplicates: z.array(z.enum(duplicateFields)).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const UNKNOWN_SERVER_ERROR = 'Ukendt serverfejl';
