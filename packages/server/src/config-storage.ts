// Where recordings are kept (docs/decisions/094-s3-storage.md): files under DATA_DIR, or an
// S3-compatible bucket when STORAGE=s3. Like the OpenID settings, a partial S3 configuration stops
// start-up with a line naming each missing or malformed variable.

export interface S3StorageConfig {
  kind: 's3';
  /** Unset for AWS itself; the server's address for MinIO, R2, Ceph and the like. */
  endpoint?: string;
  region: string;
  bucket: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export type StorageConfig = { kind: 'local' } | S3StorageConfig;

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

export const DEFAULT_S3_REGION = 'us-east-1';

export function parseStorageConfig(env: NodeJS.ProcessEnv, problems: string[]): StorageConfig {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const kind = value('STORAGE') ?? 'local';
  if (kind !== 'local' && kind !== 's3') {
    problems.push('  STORAGE: must be local or s3');
    return { kind: 'local' };
  }
  if (kind === 'local') {
    for (const name of S3_VARIABLES) {
      if (value(name) !== undefined)
        problems.push(`  ${name}: is only used with STORAGE=s3; set STORAGE=s3 or remove it`);
    }
    return { kind: 'local' };
  }

  if (value('S3_BUCKET') === undefined) problems.push('  S3_BUCKET: is required when STORAGE=s3');
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (accessKeyId && !secretAccessKey)
    problems.push('  S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set');
  if (secretAccessKey && !accessKeyId)
    problems.push('  S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set');
  const endpoint = value('S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    problems.push('  S3_ENDPOINT: must be an http:// or https:// URL');
  }
  const pathStyle = (value('S3_FORCE_PATH_STYLE') ?? 'false').toLowerCase();
  const forcePathStyle = ['1', 'true', 'yes', 'on'].includes(pathStyle);
  if (!forcePathStyle && !['0', 'false', 'no', 'off'].includes(pathStyle)) {
    problems.push('  S3_FORCE_PATH_STYLE: must be true or false');
  }
  return {
    kind: 's3',
    endpoint,
    region: value('S3_REGION') ?? DEFAULT_S3_REGION,
    bucket: value('S3_BUCKET') ?? '',
    forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
