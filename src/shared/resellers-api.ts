/**
 * The reseller's own calls (PRODUCT.md "Resellers"): the application (/reseller-register), the
 * header's presence check (GET /api/resellers/me, SPEC.md §7) and the dashboard's reads and
 * actions (/reseller-dashboard). The browser validates its forms with these schemas and the server
 * parses every request with the same ones.
 *
 *   POST   /api/resellers/applications                    resellerApplicationBody → 201 applicationResponse
 *   GET    /api/resellers/me                              resellerMeResponse; 401 visitor, 404 none
 *   GET    /api/resellers/partner/{code}                  partnerLinkResponse; 404 unknown or not approved
 *   GET    /api/resellers/me/overview                     resellerOverview; 404 none
 *   GET    /api/resellers/me/qr-codes                     resellerCodesQuery → resellerCodesResponse
 *   GET    /api/resellers/me/qr-codes.csv                 every code, streamed (text/csv)
 *   POST   /api/resellers/me/qr-codes/{code}/handover     handoverBody → 201 handoverResponse
 *   DELETE /api/resellers/me/qr-codes/{code}/handover     → 200 { code: resellerCode }
 *   POST   /api/resellers/me/qr-codes/{code}/handover/resend  → 200 handoverResponse: the family's link again
 *   GET    /api/resellers/me/qr-codes/{code}/letter.pdf   the printed letter for the family
 *   GET    /api/resellers/me/stats                        resellerStatsResponse
 *   GET    /api/resellers/me/partners                     partnersResponse
 */
import { z } from 'zod';
import './zod-locale';
import { EMAIL_MAX, FULL_NAME_MAX } from './constants';
import { isValidCvr, normalizeCvr } from './cvr';
import { QR_PACKAGE_STATUSES } from './qr-lifecycle';
import { RESELLER_KINDS, RESELLER_STATUSES, RESELLER_TERMS_VERSION, type ResellerMe } from './resellers';

export const resellerMeResponse = z.object({
  id: z.string(),
  companyName: z.string(),
  status: z.enum(RESELLER_STATUSES),
}) satisfies z.ZodType<ResellerMe>;

export const resellerMessages = {
  companyName: 'Skriv virksomhedens navn.',
  companyNameLong: 'Navnet må højst være 160 tegn.',
  cvrFormat: 'Et CVR-nummer har 8 cifre.',
  cvrInvalid: 'CVR-nummeret findes ikke. Tjek cifrene, fx på virk.dk.',
  kind: 'Vælg hvilken slags virksomhed I er.',
  contactName: 'Skriv navnet på kontaktpersonen.',
  email: 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.',
  phone: 'Skriv et telefonnummer med 8 cifre, fx 12 34 56 78.',
  address: 'Skriv virksomhedens adresse.',
  postcode: 'Et postnummer har 4 cifre.',
  town: 'Skriv byen.',
  terms: 'Du skal acceptere forhandlervilkårene for at ansøge.',
  termsChanged: 'Forhandlervilkårene er ændret, mens du udfyldte ansøgningen. Læs dem igen, og sæt kryds på ny.',
  duplicateCvr: 'Der er allerede en ansøgning eller en forhandler med dette CVR-nummer. Kontakt os, hvis I mener, det er en fejl.',
  duplicateAccount: 'Din konto har allerede en forhandleransøgning. Du kan følge den på forhandlersiden.',
  duplicateEmail: 'Der er allerede en ansøgning med denne e-mailadresse. Kontakt os, hvis I vil ændre den.',
  existingAccount: 'Der findes allerede en konto med denne e-mailadresse. Log ind først, så ansøger du med din konto.',
  unknownPartner: 'Henvisningslinket er ikke gyldigt. Ansøg uden det, eller bed forhandleren om et nyt link.',
  notReseller: 'Du er ikke registreret som forhandler.',
  pending: 'Jeres ansøgning er ikke godkendt endnu, så I kan ikke give koder videre.',
  suspended: 'Jeres forhandleradgang er suspenderet, så I kan ikke give koder videre.',
  rejected: 'Jeres ansøgning er afslået.',
  codeNotYours: 'QR-koden findes ikke blandt jeres koder.',
  codeNotShipped: 'Koden er ikke sendt til jer endnu. Den kan gives videre, når I har modtaget pakken.',
  codeInUse: 'Familien har allerede taget koden i brug, så den kan ikke gives videre.',
  codeVoid: 'Koden er kasseret og kan ikke gives videre.',
  codeAlreadyGiven: 'Koden er allerede givet til en familie. Fortryd først, hvis den skal gives til en anden.',
  notGiven: 'Koden er ikke givet til nogen.',
  noEmail: 'Koden er givet uden e-mailadresse, så der er ikke noget link at sende. Print brevet til familien i stedet.',
  linkNotNeeded: 'Familien har allerede taget koden i brug, så de har ikke brug for et nyt link.',
  tooManyMails: 'I har sendt mange e-mails til familier på kort tid.',
  tooManyMailsToAddress: 'Der er sendt flere e-mails til denne adresse på kort tid.',
  familyName: 'Skriv familiens navn.',
} as const;

const text = (max: number, required: string, long = `Højst ${max} tegn.`) => z.string().trim().min(1, required).max(max, long);

/** "DK 12 34 56 78" is read as 12345678; then 8 digits and modulus 11, each with its own message. */
export const cvrInput = z
  .string()
  .transform(normalizeCvr)
  .pipe(z.string().regex(/^\d{8}$/, resellerMessages.cvrFormat).refine(isValidCvr, resellerMessages.cvrInvalid));

/** A Danish number of 8 digits, with or without +45, spaces and hyphens; stored as typed, trimmed. */
const phoneInput = z
  .string()
  .trim()
  .refine((value) => /^(\+45|0045)?\d{8}$/.test(value.replace(/[\s-]/g, '')), resellerMessages.phone);

const emailInput = z.string().trim().toLowerCase().max(EMAIL_MAX, resellerMessages.email).pipe(z.email(resellerMessages.email));

export const resellerApplicationBody = z.object({
  companyName: text(160, resellerMessages.companyName, resellerMessages.companyNameLong),
  cvr: cvrInput,
  kind: z.enum(RESELLER_KINDS, resellerMessages.kind),
  contactName: text(FULL_NAME_MAX, resellerMessages.contactName),
  /** A visitor's address for the setup link; a signed-in applicant's account address is used instead. */
  email: emailInput,
  phone: phoneInput,
  address: text(200, resellerMessages.address),
  postcode: z.string().trim().regex(/^\d{4}$/, resellerMessages.postcode),
  town: text(100, resellerMessages.town),
  acceptTerms: z.literal(true, resellerMessages.terms),
  /** The version of /reseller-terms the applicant read: an older one is refused with termsChanged. */
  termsVersion: z.string().max(40),
  /** The referral code of the reseller whose link the applicant came through (?partner=…). */
  partner: z.string().trim().max(40).optional(),
  /** A field people never see: a robot fills it in. */
  website: z.string().max(200).optional(),
});
export type ResellerApplicationBody = z.input<typeof resellerApplicationBody>;
export { RESELLER_TERMS_VERSION };

/** Said after an application, signed in or not. */
export const APPLICATION_RECEIVED =
  'Tak for ansøgningen. Vi gennemgår den normalt inden for fem hverdage og skriver til jer på e-mail, når den er afgjort.';

/** What identifies a reseller wherever it is shown: the back office's list and its own dashboard. */
export const resellerFacts = z.object({
  id: z.string(),
  companyName: z.string(),
  cvr: z.string(),
  kind: z.enum(RESELLER_KINDS),
  contactName: z.string(),
  email: z.string(),
  town: z.string(),
  status: z.enum(RESELLER_STATUSES),
  createdAt: z.string(),
});

/** The whole record with the reason for a rejection or suspension: the reseller's own and the back office's view of it. */
export const resellerRecord = resellerFacts.extend({
  phone: z.string(),
  address: z.string(),
  postcode: z.string(),
  statusReason: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  commissionBasisPoints: z.number().int(),
});

/** The reseller's own record on /reseller-dashboard. */
export const resellerSelf = resellerRecord.extend({
  /** Only an approved reseller's link recruits partners. */
  referralLink: z.string().nullable(),
});
export type ResellerFacts = z.infer<typeof resellerFacts>;
export type ResellerRecord = z.infer<typeof resellerRecord>;
export type ResellerSelf = z.infer<typeof resellerSelf>;

export const applicationResponse = z.object({ message: z.string(), reseller: resellerSelf.nullable() });

/**
 * A code as its reseller sees it: its place between the warehouse and the stone. "given" is a
 * shipped code the reseller has handed to a family that has not taken it in use yet.
 */
export const RESELLER_CODE_STATES = ['on_the_way', 'shipped', 'given', 'claimed', 'linked', 'void'] as const;
export type ResellerCodeState = (typeof RESELLER_CODE_STATES)[number];
export const RESELLER_CODE_STATE_LABELS: Record<ResellerCodeState, string> = {
  on_the_way: 'På vej til jer',
  shipped: 'Modtaget',
  given: 'Givet til familie',
  claimed: 'Taget i brug',
  linked: 'Tilknyttet mindeside',
  void: 'Kasseret',
};

export const resellerPackage = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  status: z.enum(QR_PACKAGE_STATUSES),
  createdAt: z.string(),
});

export const resellerOverview = z.object({
  reseller: resellerSelf,
  /** Codes per state, and all of them; zeros for a reseller without codes. */
  counts: z.record(z.enum(RESELLER_CODE_STATES), z.number().int()),
  total: z.number().int(),
  packages: z.array(resellerPackage),
});
export type ResellerOverview = z.infer<typeof resellerOverview>;

export const RESELLER_CODES_PAGE_SIZE = 50;

export const resellerCodesQuery = z.object({
  /** A code (or its start), or a family's name or e-mail. */
  q: z.string().trim().max(120).optional(),
  state: z.enum(RESELLER_CODE_STATES).optional(),
  /** The last code of the previous page: pages follow the codes' order. */
  after: z.string().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(RESELLER_CODES_PAGE_SIZE),
});
export type ResellerCodesQuery = z.input<typeof resellerCodesQuery>;

export const resellerHandover = z.object({ familyName: z.string(), email: z.string().nullable(), givenAt: z.string() });

export const resellerCode = z.object({
  code: z.string(),
  state: z.enum(RESELLER_CODE_STATES),
  packageName: z.string().nullable(),
  handover: resellerHandover.nullable(),
  claimedAt: z.string().nullable(),
});
export type ResellerCode = z.infer<typeof resellerCode>;

export const resellerCodesResponse = z.object({
  codes: z.array(resellerCode),
  /** Pass as `after` for the next page; null on the last. */
  nextAfter: z.string().nullable(),
});
export type ResellerCodesPage = z.infer<typeof resellerCodesResponse>;

export const handoverBody = z.object({
  familyName: text(FULL_NAME_MAX, resellerMessages.familyName),
  /** Empty for a family without e-mail: they get the printed letter. */
  email: z.union([z.literal(''), emailInput]).optional(),
});
export type HandoverBody = z.input<typeof handoverBody>;

export const handoverResponse = z.object({ code: resellerCode, message: z.string() });

/** GET /api/resellers/partner/{code}: whose referral link an applicant came through. */
export const partnerLinkResponse = z.object({ companyName: z.string() });

export const resellerStatsResponse = z.object({
  /** The last twelve Danish calendar months, oldest first, as "2026-11". */
  months: z.array(z.object({ month: z.string(), received: z.number().int(), given: z.number().int(), activated: z.number().int(), linked: z.number().int() })),
  /** Memorials its codes open today. */
  memorialsOpened: z.number().int(),
});
export type ResellerStats = z.infer<typeof resellerStatsResponse>;

export const partnersResponse = z.object({
  referralLink: z.string().nullable(),
  commissionBasisPoints: z.number().int(),
  partners: z.array(
    z.object({
      id: z.string(),
      companyName: z.string(),
      town: z.string(),
      status: z.enum(RESELLER_STATUSES),
      approvedAt: z.string().nullable(),
      codesReceived: z.number().int(),
      codesLinked: z.number().int(),
      commissionOre: z.number().int(),
    }),
  ),
  totalCommissionOre: z.number().int(),
});
export type Partners = z.infer<typeof partnersResponse>;
