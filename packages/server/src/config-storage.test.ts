import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-config-')), ...env });

const MINIO = {
  STORAGE: 's3',
  S3_ENDPOINT: 'http://minio.lan:9000',
  S3_BUCKET: 'parley',
  S3_ACCESS_KEY_ID: 'parley',
  S3_SECRET_ACCESS_KEY: 'secret key',
  S3_FORCE_PATH_STYLE: 'true',
};

/** The message start-up stops with. */
function failure(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('storage configuration', () => {
  it('keeps recordings in DATA_DIR by default', () => {
    expect(load({}).storage).toEqual({ kind: 'local' });
  });

  it('reads a complete S3 configuration, with us-east-1 as the default region', () => {
    expect(load(MINIO).storage).toEqual({
      kind: 's3',
      endpoint: 'http://minio.lan:9000',
      region: 'us-east-1',
      bucket: 'parley',
      forcePathStyle: true,
      credentials: { accessKeyId: 'parley', secretAccessKey: 'secret key' },
    });
    expect(load({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-3' }).storage).toEqual({
      kind: 's3',
      endpoint: undefined,
      region: 'eu-west-3',
      bucket: 'b',
      forcePathStyle: false,
      credentials: undefined, // the AWS SDK's own chain
    });
  });

  it.each([
    [{ ...MINIO, S3_BUCKET: '' }, 'S3_BUCKET: is required when STORAGE=s3'],
    [{ ...MINIO, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set'],
    [{ ...MINIO, S3_ACCESS_KEY_ID: '' }, 'S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set'],
    [{ ...MINIO, S3_ENDPOINT: 'minio.lan:9000' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
    [{ ...MINIO, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE: must be true or false'],
    [{ STORAGE: 'gcs' }, 'STORAGE: must be local or s3'],
    [{ S3_BUCKET: 'parley' }, 'S3_BUCKET: is only used with STORAGE=s3'],
  ])('stops start-up naming the variable at fault: %o', (env, message) => {
    expect(failure(env)).toContain(message);
  });
});
