/**
 * Configuration, read once from the environment and validated; a bad value stops the server with
 * one clear line (ARCHITECTURE.md). Every variable here is documented in README.md.
 */
import { isIP } from 'node:net';
import { cpus } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { splitCpus } from './lib/cpu-list';
import { PROJECT_ROOT } from './lib/project-root';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/**
 * Which proxies in front of the server to believe about the client's address (X-Forwarded-For)
 * and protocol: a number of hops (the load balancer and any proxy before it), or the proxies' own
 * addresses and networks. Never "all": the left-most X-Forwarded-For entry is whatever the client
 * wrote, so trusting the whole chain would let anyone choose the address that limits count by.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, context): number | string[] | false => {
    const text = value?.trim() ?? '';
    if (text === '' || text === '0' || text === 'false') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrNetwork)) return entries;
    context.addIssue({ code: 'custom', message: 'skal være antallet af proxyer foran serveren (fx 1) eller deres adresser, fx 10.0.0.5,10.0.1.0/24' });
    return z.NEVER;
  });

function isAddressOrNetwork(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** A switch that is on unless it is turned off (0 or false). */
const onUnlessOff = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value !== '0' && value !== 'false');

/** 32 bytes for AES-256, written as 64 hex digits or in base64. */
const aesKey = z
  .string()
  .optional()
  .transform((value, context): Buffer | undefined => {
    const text = value?.trim() ?? '';
    if (text === '') return undefined;
    const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (key.length === 32) return key;
    context.addIssue({ code: 'custom', message: 'skal være 32 tilfældige bytes som 64 hex-cifre eller base64, fx fra: openssl rand -hex 32' });
    return z.NEVER;
  });

const optionalText = z.string().optional().or(z.literal('').transform(() => undefined));
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number('skal være et tal').int('skal være et helt tal').min(0).max(65535, 'skal være højst 65535').default(5000),
  HOST: z.string().default('0.0.0.0'),
  BASE_URL: z.url('skal være en fuld adresse, fx https://mindested.dk').optional().or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('./data'),
  /** The built client; tests and benchmarks point it at a build of their own. */
  CLIENT_DIR: z.string().default(path.join(PROJECT_ROOT, 'dist/client')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'skal være en postgres://-adresse')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: flag,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'skal være en smtp:// eller smtps://-adresse')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Production without SMTP_URL must say so: mail written to files reaches nobody (productionGaps).
  MAIL_TO_FILES: flag,
  MAIL_FROM: z.string().default('Mindested <noreply@mindested.dk>'),
  CONTACT_EMAIL: z.email('skal være en e-mailadresse').default('kontakt@mindested.dk'),
  // The data controller named in /privacy and /cookies (GDPR art. 13).
  DATA_CONTROLLER_NAME: z.string().min(1).default('Mindested ApS'),
  DATA_CONTROLLER_ADDRESS: z.string().default(''),
  DATA_CONTROLLER_CVR: z.string().regex(/^(\d{8})?$/, 'skal være et CVR-nummer på 8 cifre').default(''),
  // Money (decision 0025). Without STRIPE_SECRET_KEY card and MobilePay say they are not set up and
  // bank transfer still works; the webhook refuses everything it cannot verify either way.
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Where the stripe library sends its calls, for a local fake in tests and benchmarks only.
  STRIPE_API_URL: z.url('skal være en fuld adresse, fx http://127.0.0.1:12111').optional().or(z.literal('').transform(() => undefined)),
  // AI extras (decision 0033): each is offered only when its provider is configured; without one the
  // pages say so and nothing can be bought. The keys are sent to the provider only, never logged.
  // The greeting's video: a prediction API of Replicate's kind (create → poll → fetch).
  AI_VIDEO_URL: z.url('skal være en fuld adresse, fx https://api.replicate.com/v1').optional().or(z.literal('').transform(() => undefined)),
  AI_VIDEO_KEY: optionalText,
  AI_VIDEO_MODEL: optionalText,
  // The song's lyrics: an OpenAI-compatible chat API.
  AI_LYRICS_URL: z.url('skal være en fuld adresse, fx https://api.openai.com/v1').optional().or(z.literal('').transform(() => undefined)),
  AI_LYRICS_KEY: optionalText,
  AI_LYRICS_MODEL: optionalText,
  // The song's music: a prediction API like the video's.
  AI_MUSIC_URL: z.url('skal være en fuld adresse, fx https://api.replicate.com/v1').optional().or(z.literal('').transform(() => undefined)),
  AI_MUSIC_KEY: optionalText,
  AI_MUSIC_MODEL: optionalText,
  // How long one try may take at the provider before it is given up and tried again.
  AI_TIMEOUT_MINUTES: positiveInt(20),
  // How long one call to a provider may take before it counts as no answer (tried again later).
  AI_REQUEST_TIMEOUT_SECONDS: positiveInt(60),
  // The seller's bank account on invoices paid by transfer; until all three are set, no such invoice is issued.
  BANK_REG_NUMBER: z.string().regex(/^(\d{4})?$/, 'skal være et registreringsnummer på 4 cifre').default(''),
  BANK_ACCOUNT_NUMBER: z.string().regex(/^(\d{6,10})?$/, 'skal være et kontonummer på 6 til 10 cifre').default(''),
  BANK_IBAN: z.string().regex(/^([A-Z]{2}\d{2}[A-Z0-9 ]{10,30})?$/, 'skal være et IBAN-nummer, fx DK50 0040 0440 1162 43').default(''),
  // Media in an S3-compatible bucket shared by every instance; without S3_BUCKET, on the local disk
  // under DATA_DIR/media (src/server/lib/storage.ts).
  S3_BUCKET: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().default('auto'),
  S3_ENDPOINT: z.url('skal være en fuld adresse, fx https://s3.eu-central-1.amazonaws.com').optional().or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  S3_FORCE_PATH_STYLE: flag,
  S3_PREFIX: z.string().optional().or(z.literal('').transform(() => undefined)),
  // Production on PostgreSQL without a bucket must say so: it is right for one instance only.
  MEDIA_ON_LOCAL_DISK: flag,
  DATABASE_POOL_SIZE: positiveInt(10),
  // Run the job queue in a child process at a lower priority (jobs-process.ts), so background work
  // takes only what visitors leave of the CPU. PostgreSQL only: the embedded database has one process.
  JOBS_PROCESS: flag,
  // The CPUs the job process runs on, e.g. "1" or "2-3"; the web process then runs on the others,
  // so nothing a try or an e-mail makes the machine do waits in line with a visitor (jobs-process.ts).
  JOBS_CPUS: z
    .string()
    .regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, 'skal være en liste af CPU-numre, fx 1 eller 2-3')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // How long a SIGTERM may take before the process gives up on what hangs and exits (main.ts).
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(10),
  // Behind a load balancer: after SIGTERM the server says it is not ready and goes on serving this
  // long, so the balancer's checks take it out before it closes its port (src/cluster/).
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  TRUST_PROXY: trustProxy,
  // Lets a monitoring system elsewhere read GET /metrics with "Authorization: Bearer <token>";
  // without it only a scraper on the same machine may (src/server/metrics/access.ts).
  METRICS_TOKEN: z
    .string()
    .min(16, 'skal være mindst 16 tegn (fx openssl rand -hex 32)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Staff must pass TOTP two-factor (staff/guard.ts); on unless turned off, e.g. on a laptop.
  TWO_FACTOR_REQUIRED: onUnlessOff,
  // Seals the staff's TOTP secrets at rest (staff/secret-box.ts); required in production.
  TWO_FACTOR_KEY: aesKey,
  // Rate limits (README "Rate limits"): windows in minutes, counts per window.
  RATE_LIMIT_WINDOW_MINUTES: positiveInt(15),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt(300),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: positiveInt(5),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt(30),
  RATE_LIMIT_RESET_PER_IP: positiveInt(30),
  RATE_LIMIT_RESET_PER_ACCOUNT: positiveInt(3),
  RATE_LIMIT_QR_VALIDATE_PER_IP: positiveInt(120),
  RATE_LIMIT_QR_LOOKUP_PER_IP: positiveInt(120),
  RATE_LIMIT_CONTACT_PER_IP: positiveInt(10),
  RATE_LIMIT_CONSENT_PER_IP: positiveInt(200),
  RATE_LIMIT_POSTS_PER_IP: positiveInt(30),
  RATE_LIMIT_POSTS_PER_MEMORIAL: positiveInt(600),
  RATE_LIMIT_TWO_FACTOR_PER_ACCOUNT: positiveInt(5),
  RATE_LIMIT_HANDOVER_MAILS_PER_RESELLER: positiveInt(30),
});

export type Config = Omit<z.infer<typeof schema>, 'BASE_URL'> & { BASE_URL: string; baseOrigin: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Ugyldig konfiguration: ${issue.path.join('.')} ${issue.message}`);
  }
  const value = parsed.data;
  if (value.JOBS_PROCESS && !value.DATABASE_URL) throw new ConfigError('Ugyldig konfiguration: JOBS_PROCESS=1 kræver DATABASE_URL (den indbyggede database kan kun åbnes af én proces)');
  if (value.JOBS_CPUS) {
    if (!value.JOBS_PROCESS) throw new ConfigError('Ugyldig konfiguration: JOBS_CPUS kræver JOBS_PROCESS=1 (jobbene skal have deres egen proces)');
    const split = splitCpus(value.JOBS_CPUS, cpus().length);
    if (typeof split === 'string') throw new ConfigError(`Ugyldig konfiguration: JOBS_CPUS ${split}`);
  }
  const halfProvider = halfConfiguredProvider(value);
  if (halfProvider) throw new ConfigError(`Ugyldig konfiguration: ${halfProvider}`);
  if (value.NODE_ENV === 'production') {
    const gap = productionGap(value);
    if (gap) throw new ConfigError(`Ugyldig konfiguration: ${gap}`);
  }
  const baseUrl = (value.BASE_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, '');
  return {
    ...value,
    DATA_DIR: path.resolve(value.DATA_DIR),
    CLIENT_DIR: path.resolve(value.CLIENT_DIR),
    BASE_URL: baseUrl,
    baseOrigin: new URL(baseUrl).origin,
  };
}

export class ConfigError extends Error {}

/**
 * What production may not leave to a default: each default is right on a laptop and wrong for a
 * public site, where it fails quietly later (links to localhost in e-mails and on engraved QR
 * codes, e-mail that nobody receives, media that only one of several instances can see).
 */
function productionGap(value: z.infer<typeof schema>): string | null {
  if (!value.BASE_URL) return 'BASE_URL skal være sat i produktion (adressen står i e-mails og QR-koder)';
  if (!value.SMTP_URL && !value.MAIL_TO_FILES) return 'SMTP_URL skal være sat i produktion (eller MAIL_TO_FILES=1 for at skrive e-mail til filer)';
  if (!value.TWO_FACTOR_KEY) return 'TWO_FACTOR_KEY skal være sat i produktion (den beskytter personalets totrinsnøgler), fx fra: openssl rand -hex 32';
  if (value.DATABASE_URL && !value.S3_BUCKET && !value.MEDIA_ON_LOCAL_DISK) {
    return 'S3_BUCKET skal være sat i produktion med DATABASE_URL, for flere servere kan ikke dele en lokal disk (eller MEDIA_ON_LOCAL_DISK=1 for én server)';
  }
  return null;
}

/** An AI provider needs its address, key and model together; some of them is a mistake, not "off". */
function halfConfiguredProvider(value: z.infer<typeof schema>): string | null {
  for (const kind of ['VIDEO', 'LYRICS', 'MUSIC'] as const) {
    const set = [value[`AI_${kind}_URL`], value[`AI_${kind}_KEY`], value[`AI_${kind}_MODEL`]].filter(Boolean).length;
    if (set > 0 && set < 3) return `AI_${kind}_URL, AI_${kind}_KEY og AI_${kind}_MODEL skal sættes sammen (eller ingen af dem)`;
  }
  return null;
}

/** Reads ./.env into process.env when it exists; variables already set win. */
export function loadDotEnv(file = '.env'): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigError(`Kunne ikke læse ${file}: ${(error as Error).message}`);
  }
}
