import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'parley-config-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'sqlite', file: join(dir, 'parley.db') });
    expect(config.allowRegistration).toBe(true);
    expect(config.tier).toEqual({
      name: 'free',
      monthlyDurationSeconds: 300 * 60,
      maxFileSizeBytes: 100 * 1024 * 1024,
      storageBytes: 5000 * 1024 * 1024,
    });
    expect(config.worker).toMatchObject({ runInServer: true, concurrency: 1 });
    expect(config.transcription).toMatchObject({ engine: 'local', moonshineModel: 'base' });
    // A day for a browser that went away to come back with the rest of its recording (decision 263).
    expect(config.recording).toMatchObject({ idleMs: 2 * 60_000, keepChunksMs: 24 * 3_600_000 });
  });

  it('generates a signing secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwt.secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwt.secret).toBe(first);
  });

  it.each([
    [undefined, 0],
    ['false', 0],
    ['true', 1],
    ['2', 2],
  ])('reads TRUST_PROXY=%s as %i proxies in front', (value, hops) => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...(value ? { TRUST_PROXY: value } : {}) }).trustProxyHops).toBe(hops);
  });

  it('reads PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@localhost:5432/parley' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost:5432/parley' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ ALLOW_REGISTRATION: 'maybe' }, 'ALLOW_REGISTRATION'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ TIER_MONTHLY_MINUTES: '-5' }, 'TIER_MONTHLY_MINUTES'],
    [{ TIER_STORAGE_MB: '0' }, 'TIER_STORAGE_MB'],
    [{ RECORDING_CHUNKS_KEEP_HOURS: '0' }, 'RECORDING_CHUNKS_KEEP_HOURS'],
    [{ MOONSHINE_MODEL: 'huge' }, 'MOONSHINE_MODEL'],
    [{ TRANSCRIPTION_ENGINE: 'remote' }, 'REMOTE_ASR_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(name));
  });
});

describe('job queue configuration', () => {
  it('defaults to the database queue', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).worker).toMatchObject({ queue: 'database', retryDelaySeconds: 5 });
  });

  it('takes pg-boss with PostgreSQL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), JOB_QUEUE: 'pg-boss', DATABASE_URL: 'postgres://u@db/parley' });
    expect(config.worker.queue).toBe('pg-boss');
  });

  it.each([
    [{ JOB_QUEUE: 'redis' }, 'JOB_QUEUE'],
    [{ JOB_RETRY_DELAY_SECONDS: '0' }, 'JOB_RETRY_DELAY_SECONDS'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(name));
  });

  it.each([{}, { DATABASE_URL: 'sqlite:/tmp/x.db' }])('refuses pg-boss without PostgreSQL (%j)', (env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JOB_QUEUE: 'pg-boss', ...env })).toThrow(
      'JOB_QUEUE: pg-boss needs PostgreSQL: set DATABASE_URL to a postgres:// URL, or use JOB_QUEUE=database',
    );
  });
});

describe('AI notes configuration', () => {
  it('defaults to the offline builtin engine', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).ai).toEqual({ engine: 'builtin', timeoutSeconds: 120 });
  });

  it('reads an OpenAI-compatible endpoint', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      AI_ENGINE: 'openai',
      AI_BASE_URL: 'http://localhost:11434/v1',
      AI_MODEL: 'llama3.1:8b',
      AI_CONTEXT_TOKENS: '32768',
      AI_TIMEOUT_SECONDS: '300',
    });
    expect(config.ai).toEqual({
      engine: 'openai',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3.1:8b',
      contextTokens: 32768,
      timeoutSeconds: 300,
    });
  });

  it.each([
    [{ AI_ENGINE: 'gpt' }, 'AI_ENGINE'],
    [{ AI_ENGINE: 'openai', AI_MODEL: 'm' }, 'AI_BASE_URL'],
    [{ AI_ENGINE: 'openai', AI_BASE_URL: 'http://localhost:8080/v1' }, 'AI_MODEL'],
    [{ AI_ENGINE: 'openai', AI_BASE_URL: 'not a url', AI_MODEL: 'm' }, 'AI_BASE_URL'],
    [{ AI_MODEL: 'llama3' }, 'AI_MODEL'],
    [{ AI_API_KEY: 'sk-123' }, 'AI_API_KEY'],
    [{ AI_CONTEXT_TOKENS: '100' }, 'AI_CONTEXT_TOKENS'],
    [{ AI_TIMEOUT_SECONDS: '0' }, 'AI_TIMEOUT_SECONDS'],
  ])('stops start-up on %o, naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`\\b${variable}:`));
  });
});
