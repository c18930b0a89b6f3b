/** POST /api/gdpr/consent's schemas (the rules and constants are in consent.ts). */
import { z } from 'zod';
import './zod-locale';
import { CONSENT_METHODS, CONSENT_PURPOSES, type ConsentBody, consentTerms } from './consent';

export const consentBody = z
  .object({
    purpose: z.enum(CONSENT_PURPOSES),
    consentGiven: z.boolean(),
    consentMethod: z.enum(CONSENT_METHODS),
    legalBasis: z.enum(['legal_obligation', 'consent']),
    dataRetentionPeriod: z.enum(['Account lifecycle', '13 months']),
  })
  .superRefine((body, ctx) => {
    const terms = consentTerms(body.purpose);
    if (body.purpose === 'necessary' && !body.consentGiven) {
      ctx.addIssue({ code: 'custom', path: ['consentGiven'], message: 'Nødvendige cookies kan ikke fravælges.' });
    }
    if (body.legalBasis !== terms.legalBasis) {
      ctx.addIssue({ code: 'custom', path: ['legalBasis'], message: `Retsgrundlaget for ${body.purpose} er ${terms.legalBasis}.` });
    }
    if (body.dataRetentionPeriod !== terms.dataRetentionPeriod) {
      ctx.addIssue({ code: 'custom', path: ['dataRetentionPeriod'], message: `Opbevaringsperioden for ${body.purpose} er ${terms.dataRetentionPeriod}.` });
    }
  }) satisfies z.ZodType<ConsentBody>;

export const consentResponse = z.object({ id: z.string(), recordedAt: z.string() });
