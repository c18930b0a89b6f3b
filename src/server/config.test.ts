import { cpus } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** What a production deployment sets; each test takes one piece away. */
const PRODUCTION = {
  NODE_ENV: 'production',
  BASE_URL: 'https://mindested.dk',
  SMTP_URL: 'smtp://mail.example:587',
  DATABASE_URL: 'postgres://db.example/mindested',
  S3_BUCKET: 'mindested-media',
  TWO_FACTOR_KEY: '0f'.repeat(32),
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('production refuses to start on a default meant for a laptop', () => {
  it('starts with everything set', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.DATABASE_POOL_SIZE).toBe(10);
    expect(config.SHUTDOWN_TIMEOUT_SECONDS).toBe(10);
  });

  it('refuses without BASE_URL', () => {
    expect(refusal({ ...PRODUCTION, BASE_URL: '' })).toBe('Ugyldig konfiguration: BASE_URL skal være sat i produktion (adressen står i e-mails og QR-koder)');
  });

  it('refuses without SMTP_URL, and starts when mail to files is chosen', () => {
    expect(refusal({ ...PRODUCTION, SMTP_URL: '' })).toBe('Ugyldig konfiguration: SMTP_URL skal være sat i produktion (eller MAIL_TO_FILES=1 for at skrive e-mail til filer)');
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: '', MAIL_TO_FILES: '1' }).MAIL_TO_FILES).toBe(true);
  });

  it('refuses PostgreSQL without a bucket, and starts when one server on its disk is chosen', () => {
    expect(refusal({ ...PRODUCTION, S3_BUCKET: '' })).toBe(
      'Ugyldig konfiguration: S3_BUCKET skal være sat i produktion med DATABASE_URL, for flere servere kan ikke dele en lokal disk (eller MEDIA_ON_LOCAL_DISK=1 for én server)',
    );
    expect(loadConfig({ ...PRODUCTION, S3_BUCKET: '', MEDIA_ON_LOCAL_DISK: '1' }).MEDIA_ON_LOCAL_DISK).toBe(true);
    // The embedded database is one process on one disk anyway.
    expect(() => loadConfig({ ...PRODUCTION, DATABASE_URL: '', S3_BUCKET: '' })).not.toThrow();
  });

  it('refuses without a key for the staff\'s two-factor secrets, and reads one in hex or base64', () => {
    expect(refusal({ ...PRODUCTION, TWO_FACTOR_KEY: '' })).toMatch(/^Ugyldig konfiguration: TWO_FACTOR_KEY skal være sat i produktion/);
    expect(refusal({ TWO_FACTOR_KEY: 'for-kort' })).toMatch(/^Ugyldig konfiguration: TWO_FACTOR_KEY skal være 32 tilfældige bytes/);
    expect(loadConfig({ TWO_FACTOR_KEY: Buffer.alloc(32, 7).toString('base64') }).TWO_FACTOR_KEY).toEqual(Buffer.alloc(32, 7));
  });

  it('requires two-factor of staff unless it is turned off', () => {
    expect(loadConfig({}).TWO_FACTOR_REQUIRED).toBe(true);
    expect(loadConfig({ TWO_FACTOR_REQUIRED: '0' }).TWO_FACTOR_REQUIRED).toBe(false);
  });

  it('leaves development alone', () => {
    expect(loadConfig({}).BASE_URL).toBe('http://localhost:5000');
  });

  it('refuses a pool size or shutdown deadline that is not a positive whole number', () => {
    expect(refusal({ DATABASE_POOL_SIZE: '0' })).toMatch(/^Ugyldig konfiguration: DATABASE_POOL_SIZE /);
    expect(refusal({ SHUTDOWN_TIMEOUT_SECONDS: 'snart' })).toMatch(/^Ugyldig konfiguration: SHUTDOWN_TIMEOUT_SECONDS /);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25', SHUTDOWN_TIMEOUT_SECONDS: '3' })).toMatchObject({ DATABASE_POOL_SIZE: 25, SHUTDOWN_TIMEOUT_SECONDS: 3 });
  });
});

describe('METRICS_TOKEN', () => {
  it('is optional, and refused when it is too short to be a secret', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).METRICS_TOKEN).toBe('a'.repeat(16));
    expect(refusal({ METRICS_TOKEN: 'kort' })).toBe('Ugyldig konfiguration: METRICS_TOKEN skal være mindst 16 tegn (fx openssl rand -hex 32)');
  });
});

describe('JOBS_PROCESS and the AI providers', () => {
  it('runs jobs in a process of their own only on PostgreSQL', () => {
    expect(refusal({ JOBS_PROCESS: '1' })).toBe('Ugyldig konfiguration: JOBS_PROCESS=1 kræver DATABASE_URL (den indbyggede database kan kun åbnes af én proces)');
    expect(loadConfig({ JOBS_PROCESS: '1', DATABASE_URL: 'postgres://127.0.0.1/mindested' }).JOBS_PROCESS).toBe(true);
    expect(loadConfig({}).JOBS_PROCESS).toBe(false);
  });

  it('gives the job process CPUs of its own only with a process to give them to, and leaves the web process one', () => {
    const pg = { JOBS_PROCESS: '1', DATABASE_URL: 'postgres://127.0.0.1/mindested' };
    const last = cpus().length - 1;
    expect(refusal({ JOBS_CPUS: '1' })).toBe('Ugyldig konfiguration: JOBS_CPUS kræver JOBS_PROCESS=1 (jobbene skal have deres egen proces)');
    expect(refusal({ ...pg, JOBS_CPUS: 'den sidste' })).toBe('Ugyldig konfiguration: JOBS_CPUS skal være en liste af CPU-numre, fx 1 eller 2-3');
    expect(refusal({ ...pg, JOBS_CPUS: String(last + 1) })).toBe(`Ugyldig konfiguration: JOBS_CPUS nævner CPU ${last + 1}, men maskinen har kun CPU 0–${last}`);
    expect(refusal({ ...pg, JOBS_CPUS: `0-${last}` })).toBe(`Ugyldig konfiguration: JOBS_CPUS tager alle maskinens ${last + 1} CPU'er; webprocessen skal have mindst én`);
    if (last > 0) expect(loadConfig({ ...pg, JOBS_CPUS: String(last) }).JOBS_CPUS).toBe(String(last));
    expect(loadConfig({ ...pg, JOBS_CPUS: '' }).JOBS_CPUS).toBeUndefined();
  });

  it('takes a provider’s address, key and model together, or none of them', () => {
    expect(refusal({ AI_VIDEO_URL: 'https://api.replicate.com/v1', AI_VIDEO_KEY: 'r8_x' })).toBe(
      'Ugyldig konfiguration: AI_VIDEO_URL, AI_VIDEO_KEY og AI_VIDEO_MODEL skal sættes sammen (eller ingen af dem)',
    );
    expect(refusal({ AI_LYRICS_URL: 'ikke en adresse' })).toMatch(/^Ugyldig konfiguration: AI_LYRICS_URL skal være en fuld adresse/);
    expect(loadConfig({ AI_MUSIC_URL: 'https://api.replicate.com/v1', AI_MUSIC_KEY: 'r8_x', AI_MUSIC_MODEL: 'owner/music' })).toMatchObject({ AI_MUSIC_MODEL: 'owner/music', AI_TIMEOUT_MINUTES: 20, AI_REQUEST_TIMEOUT_SECONDS: 60 });
  });
});
