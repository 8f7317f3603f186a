// Configuration is read from the environment once, here, and validated. Parley reads no other setting from
// process.env; what else reads it: audio/decoding/ffmpeg.ts searches PATH for ffmpeg when FFMPEG_PATH is
// not set, and the AWS SDK takes its own AWS_* chain when S3_ACCESS_KEY_ID is not set (decision 094).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { LIMITS } from '@parley/contract';
import { z } from 'zod';
import { parseOidcConfig } from './config-oidc.ts';
import { parseStorageConfig } from './config-storage.ts';

/** The recogniser when MOONSHINE_MODEL is unset (docs/decisions/014); the benchmarks measure the same. */
export const DEFAULT_MOONSHINE_MODEL = 'base';

const bool = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const v = value.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });

const int = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/**
 * How many proxies stand in front of Parley (docs/decisions/295): `true` is one, a number is that many,
 * `false` none. The client's address is the one that many hops from the end of X-Forwarded-For, so a
 * proxy that appends to the header (rather than replacing it) never lets a client choose its own address.
 */
const proxyHops = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const v = (value ?? '').trim().toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(v)) return 0;
    if (['true', 'yes', 'on'].includes(v)) return 1;
    const n = Number(v);
    if (Number.isInteger(n) && n >= 1 && n <= 10) return n;
    ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be true, false or the number of proxies (1 to 10)' });
    return z.NEVER;
  });

/** A number that may have decimals (a fraction of a minute in tests). */
const decimal = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const n = Number(value);
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/**
 * Threads for notes, Word documents and transcript parsing (docs/decisions/100): half the cores, at least
 * two so one long task never holds every other user's, at most four.
 */
function defaultCpuThreads(): number {
  return Math.min(4, Math.max(2, Math.floor(availableParallelism() / 2)));
}

/** A CPU thread's heap limit: the largest accepted input needs far less; a task past it fails alone. */
const CPU_THREAD_HEAP_MB = 512;

const EnvSchema = z.object({
  PORT: int(0, 65535, 3000),
  HOST: z.string().default('0.0.0.0'),
  // Empty is unset: the OpenID check then names it as required (config-oidc.ts).
  PUBLIC_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v) || v.startsWith('sqlite:'), {
      message: 'must be a postgres:// URL, sqlite:<path>, or unset for SQLite in DATA_DIR',
    }),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN_HOURS: int(1, 24 * 365, 24 * 7),
  ALLOW_REGISTRATION: bool('ALLOW_REGISTRATION', true),
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: int(0, 1_000_000, 10),
  TIER_MONTHLY_MINUTES: int(0, 1_000_000, LIMITS.defaultMonthlyDurationSeconds / 60),
  TIER_MAX_FILE_SIZE_MB: int(1, 100_000, LIMITS.defaultMaxFileSizeBytes / (1024 * 1024)),
  TIER_STORAGE_MB: decimal(0.1, 100_000_000, 5000),
  MAX_RECORDING_HOURS: decimal(0.001, 1000, 12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  RUN_WORKER: bool('RUN_WORKER', true),
  WORKER_CONCURRENCY: int(1, 16, 1),
  JOB_LEASE_SECONDS: int(2, 3600, 60),
  JOB_MAX_ATTEMPTS: int(1, 20, 3),
  JOB_RETRY_DELAY_SECONDS: int(1, 600, 5),
  JOB_QUEUE: z.enum(['database', 'pg-boss']).default('database'),
  RECORDING_IDLE_MINUTES: decimal(0.01, 24 * 60, 2),
  RECORDING_CHUNKS_KEEP_HOURS: decimal(0.01, 24 * 365, 24),
  TRANSCRIPTION_ENGINE: z.enum(['local', 'remote']).default('local'),
  MOONSHINE_MODEL: z.enum(['tiny', 'base']).default(DEFAULT_MOONSHINE_MODEL),
  LIVE_MOONSHINE_MODEL: z.enum(['tiny', 'base']).default('tiny'),
  MODELS_DIR: z.string().optional(),
  ASR_THREADS: int(1, 64, 1),
  CPU_WORKER_THREADS: int(1, 64, defaultCpuThreads()),
  REMOTE_ASR_URL: z.url().optional(),
  REMOTE_ASR_API_KEY: z.string().optional(),
  REMOTE_ASR_MODEL: z.string().default('whisper-1'),
  FFMPEG_PATH: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: proxyHops,
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
  AI_ENGINE: z.enum(['builtin', 'openai']).default('builtin'),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_CONTEXT_TOKENS: int(1024, 10_000_000, 8192),
  AI_TIMEOUT_SECONDS: int(1, 3600, 120),
  EMBEDDINGS_BASE_URL: z.url().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  EMBEDDINGS_MODEL: z.string().trim().min(1).optional(),
  EMBEDDINGS_MIN_SIMILARITY: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.TRANSCRIPTION_ENGINE === 'remote' && !e.REMOTE_ASR_URL) {
    throw new ConfigError('Invalid configuration:\n  REMOTE_ASR_URL: is required when TRANSCRIPTION_ENGINE=remote');
  }
  if (e.JOB_QUEUE === 'pg-boss' && !e.DATABASE_URL?.startsWith('postgres')) {
    throw new ConfigError(
      'Invalid configuration:\n  JOB_QUEUE: pg-boss needs PostgreSQL: set DATABASE_URL to a postgres:// URL, or use JOB_QUEUE=database',
    );
  }
  const ai = aiConfig(e);
  const embeddings = embeddingsConfig(e);
  const oidcProblems: string[] = [];
  const oidc = parseOidcConfig(env, e.ALLOW_REGISTRATION, oidcProblems);
  if (oidcProblems.length > 0) throw new ConfigError(`Invalid configuration:\n${oidcProblems.join('\n')}`);
  const storageProblems: string[] = [];
  const storage = parseStorageConfig(env, storageProblems);
  if (storageProblems.length > 0) throw new ConfigError(`Invalid configuration:\n${storageProblems.join('\n')}`);
  const repoRoot = resolve(import.meta.dirname, '../../..');
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const database = e.DATABASE_URL?.startsWith('postgres')
    ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
    : ({
        kind: 'sqlite',
        file: e.DATABASE_URL ? resolve(e.DATABASE_URL.slice('sqlite:'.length)) : join(dataDir, 'parley.db'),
      } as const);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    storage,
    jwt: { secret: e.JWT_SECRET ?? persistentSecret(dataDir), expiresInHours: e.JWT_EXPIRES_IN_HOURS },
    allowRegistration: e.ALLOW_REGISTRATION,
    /** Sign-up attempts per client address per hour; 0: no limit (docs/decisions/214). */
    registrationsPerAddressPerHour: e.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    /** Where users reach Parley; links written into exports start with it (else with the request's origin). */
    publicUrl: e.PUBLIC_URL ?? null,
    oidc,
    tier: {
      name: 'free',
      monthlyDurationSeconds: e.TIER_MONTHLY_MINUTES * 60,
      maxFileSizeBytes: e.TIER_MAX_FILE_SIZE_MB * 1024 * 1024,
      /** Bytes a user's files may take in the store: recordings and chunks together (decision 202). */
      storageBytes: Math.round(e.TIER_STORAGE_MB * 1024 * 1024),
    },
    /** Longest uploaded recording accepted, so one file cannot hold a worker for days. */
    maxRecordingHours: e.MAX_RECORDING_HOURS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    worker: {
      runInServer: e.RUN_WORKER,
      concurrency: e.WORKER_CONCURRENCY,
      leaseSeconds: e.JOB_LEASE_SECONDS,
      maxAttempts: e.JOB_MAX_ATTEMPTS,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
      queue: e.JOB_QUEUE,
    },
    recording: {
      /** A recording in chunks with no new chunk for this long is finished by the server (decision 150). */
      idleMs: Math.round(e.RECORDING_IDLE_MINUTES * 60_000),
      /**
       * How long the chunks of a recording the server finished while its browser was away are kept after
       * its last chunk, for that browser to complete it (decision 263); then they go and it takes no more.
       */
      keepChunksMs: Math.round(e.RECORDING_CHUNKS_KEEP_HOURS * 3_600_000),
      /** Live passes one worker runs at once, beside (never behind) its other jobs. */
      liveConcurrency: 4,
      /**
       * The recogniser of live passes (decision 152): tiny by default, since a pass re-hears the phrase
       * still being said every chunk and the full pass with MOONSHINE_MODEL replaces its words after Stop.
       */
      liveModel: e.LIVE_MOONSHINE_MODEL,
    },
    transcription: {
      engine: e.TRANSCRIPTION_ENGINE,
      moonshineModel: e.MOONSHINE_MODEL,
      modelsDir: resolve(e.MODELS_DIR ?? join(repoRoot, 'models')),
      threads: e.ASR_THREADS,
      remote: e.REMOTE_ASR_URL
        ? { url: e.REMOTE_ASR_URL, apiKey: e.REMOTE_ASR_API_KEY, model: e.REMOTE_ASR_MODEL }
        : undefined,
    },
    cpu: { threads: e.CPU_WORKER_THREADS, maxHeapMb: CPU_THREAD_HEAP_MB },
    ffmpegPath: e.FFMPEG_PATH ? resolve(e.FFMPEG_PATH) : undefined,
    webDistDir: resolve(e.WEB_DIST_DIR ?? join(repoRoot, 'packages/web/dist')),
    /** Proxies in front (0: none); Fastify then trusts exactly that many hops of X-Forwarded-For. */
    trustProxyHops: e.TRUST_PROXY,
    webhooks: {
      allowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      /** Endpoints posted to at once per worker, in the deliveries' own lane (decision 275). */
      deliveryConcurrency: 4,
    },
    ai,
    embeddings,
  };
}

/** The notes engine; `openai` needs an endpoint and a model, and the other AI_ variables only mean something with it. */
function aiConfig(e: z.infer<typeof EnvSchema>) {
  const fail = (variable: string, message: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
  };
  if (e.AI_ENGINE === 'openai') {
    if (!e.AI_BASE_URL) fail('AI_BASE_URL', 'is required when AI_ENGINE=openai (e.g. http://localhost:11434/v1)');
    if (!e.AI_MODEL) fail('AI_MODEL', 'is required when AI_ENGINE=openai (the model name the server knows)');
    return {
      engine: 'openai' as const,
      baseUrl: e.AI_BASE_URL!,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL!,
      contextTokens: e.AI_CONTEXT_TOKENS,
      timeoutSeconds: e.AI_TIMEOUT_SECONDS,
    };
  }
  for (const variable of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const) {
    if (e[variable]) fail(variable, 'is only used with AI_ENGINE=openai; set AI_ENGINE=openai or remove it');
  }
  return { engine: 'builtin' as const, timeoutSeconds: e.AI_TIMEOUT_SECONDS };
}

/**
 * Semantic search (docs/decisions/061): on when EMBEDDINGS_BASE_URL is set; the other EMBEDDINGS_
 * variables only mean something with it, so setting one alone is a mistake worth stopping for.
 */
function embeddingsConfig(e: z.infer<typeof EnvSchema>) {
  const fail = (variable: string, message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
  };
  if (!e.EMBEDDINGS_BASE_URL) {
    for (const variable of ['EMBEDDINGS_API_KEY', 'EMBEDDINGS_MODEL', 'EMBEDDINGS_MIN_SIMILARITY'] as const) {
      if (e[variable]) fail(variable, 'is only used with EMBEDDINGS_BASE_URL; set EMBEDDINGS_BASE_URL or remove it');
    }
    return undefined;
  }
  if (!/^https?:\/\//.test(e.EMBEDDINGS_BASE_URL)) {
    fail('EMBEDDINGS_BASE_URL', 'must be an http:// or https:// URL (e.g. http://localhost:11434/v1)');
  }
  const raw = e.EMBEDDINGS_MIN_SIMILARITY?.trim();
  const minSimilarity = raw ? Number(raw) : 0.5;
  if (!Number.isFinite(minSimilarity) || minSimilarity < -1 || minSimilarity > 1) {
    fail('EMBEDDINGS_MIN_SIMILARITY', 'must be a number from -1 to 1 (cosine similarity)');
  }
  return {
    baseUrl: e.EMBEDDINGS_BASE_URL.replace(/\/+$/, ''),
    apiKey: e.EMBEDDINGS_API_KEY || undefined,
    model: e.EMBEDDINGS_MODEL ?? 'nomic-embed-text',
    minSimilarity,
  };
}

/** When JWT_SECRET is unset, one is generated on first start and kept in DATA_DIR so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // A second process (the worker) may have written it first: theirs wins.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
