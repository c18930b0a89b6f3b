import { z } from 'zod';
import './zod-locale';

/** POST /api/qr-codes/validate accepts anything a scanner may read; it answers only yes or no. */
export const validateQrBody = z.object({ code: z.string().max(500) });
export const validateQrResponse = z.object({ valid: z.boolean() });
