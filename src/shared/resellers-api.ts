import { z } from 'zod';
import { RESELLER_STATUSES, type ResellerMe } from './resellers';

export const resellerMeResponse = z.object({
  id: z.string(),
  companyName: z.string(),
  status: z.enum(RESELLER_STATUSES),
}) satisfies z.ZodType<ResellerMe>;
