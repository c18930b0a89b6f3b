import type { z } from 'zod';
import type { TimelineErrors } from './TimelineEditor';

/** The schema's messages placed at their event and field ("2.date"), the first one per field. */
export function timelineErrors(error: z.ZodError): TimelineErrors {
  const errors: TimelineErrors = {};
  for (const issue of error.issues) {
    const [index, field] = issue.path;
    if (typeof index === 'number' && typeof field === 'string') errors[`${index}.${field}`] ??= issue.message;
    else errors['list'] ??= issue.message;
  }
  return errors;
}
