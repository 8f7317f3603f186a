import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../config-storage.ts';
import { newId } from '../lib/ids.ts';
import { recordingNotFound, StorageUnavailableError } from './errors.ts';
import type { AudioStorage } from './storage.ts';

/**
 * Multipart parts of 8 MB, two in flight: with the part being filled, about 24 MB of an upload is
 * held in memory at once whatever its size (the upload benchmark's bound is 64 MB of growth).
 */
export const S3_PART_SIZE = 8 * 1024 * 1024;
export const S3_QUEUE_SIZE = 2;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Anything but "no such key" means the store let us down: a 503, with the cause kept for the log. */
const unavailable = (error: unknown) => (isMissing(error) ? recordingNotFound() : new StorageUnavailableError(error));

export function s3Client(config: S3StorageConfig) {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // The SDK's default CRC checksums are refused by many S3-compatible servers (MinIO before
    // 2025, Ceph, R2, s3rver): only send and check them when an operation requires it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that does not answer at all (a firewall dropping packets) fails in seconds, not at
    // the system's TCP timeout. No idle timeout on requests: a paused <audio> download may idle.
    requestHandler: { connectionTimeout: 5000 },
  });
}

/** Recordings in an S3-compatible bucket; local copies (upload measuring, transcription) go to DATA_DIR/tmp. */
export async function s3Storage(config: S3StorageConfig, dataDir: string): Promise<AudioStorage> {
  const client = s3Client(config);
  const Bucket = config.bucket;
  const tempDir = join(resolve(dataDir), 'tmp');
  await mkdir(tempDir, { recursive: true });
  await removeStaleCopies(tempDir);
  const tempPath = () => join(tempDir, `${TEMP_PREFIX}${newId()}`);

  async function deleteObject(key: string) {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((error) => {
      throw unavailable(error);
    });
  }

  return {
    async store(key, source, inspect) {
      const copy = tempPath();
      const body = new PassThrough({ highWaterMark: 1024 * 1024 });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body },
        partSize: S3_PART_SIZE,
        queueSize: S3_QUEUE_SIZE,
        leavePartsOnError: false,
      });
      const uploaded = upload.done();
      uploaded.catch(() => {}); // awaited below; a failure meanwhile must not be an unhandled rejection
      let stored = false;
      try {
        await copyToBoth(source, createWriteStream(copy), body, uploaded);
        await uploaded.catch((error) => {
          throw unavailable(error);
        });
        stored = true;
        return await inspect(copy);
      } catch (error) {
        if (stored) await deleteObject(key).catch(() => {});
        else await upload.abort().catch(() => {});
        body.destroy();
        throw error;
      } finally {
        await rm(copy, { force: true });
      }
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error);
      }
    },

    async read(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return object.Body as Readable;
      } catch (error) {
        throw unavailable(error);
      }
    },

    async withLocalFile(key, fn, opts = {}) {
      const path = tempPath();
      try {
        const object = await client
          .send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal: opts.signal })
          .catch((error) => {
            throw unavailable(error);
          });
        await pipeline(object.Body as Readable, createWriteStream(path), { signal: opts.signal });
        return await fn(path);
      } finally {
        await rm(path, { force: true });
      }
    },

    delete: deleteObject,

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    kind: 's3',
  };
}

const TEMP_PREFIX = 's3-';
/** Older than any upload or transcription still running: another process may share DATA_DIR. */
export const STALE_COPY_MS = 24 * 3600 * 1000;

/** Local copies left by a process that was killed (a copy is otherwise always removed). */
async function removeStaleCopies(tempDir: string) {
  const now = Date.now();
  for (const name of await readdir(tempDir)) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const path = join(tempDir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_COPY_MS) await rm(path, { force: true });
  }
}

/**
 * Copies the upload to the bucket and to a local file at once, at the pace of the slower of the
 * two. When the bucket fails the rest of the source is still read and dropped: abandoning it would
 * stall the multipart parser and the client would never get the error reply.
 */
async function copyToBoth(source: Readable, file: Writable, body: PassThrough, uploaded: Promise<unknown>) {
  let storeError: unknown;
  const storeFailed = uploaded.then(
    () => new Promise<never>(() => {}),
    (error) => {
      storeError = error;
      throw error;
    },
  );
  storeFailed.catch(() => {});
  // A write still pending when the copy is abandoned fails after the fact: without a listener that
  // late error would be an uncaught exception. Real failures are seen through drain/finished below.
  file.on('error', () => {});
  const written = (stream: Writable, ok: boolean) =>
    ok ? undefined : Promise.race([once(stream, 'drain'), storeFailed]);
  try {
    for await (const chunk of source) {
      if (storeError) continue;
      try {
        await written(file, file.write(chunk));
        await written(body, body.write(chunk));
      } catch (error) {
        if (!storeError) throw error; // the local copy failed (disk full): a real error
      }
    }
  } catch (error) {
    file.destroy();
    throw error;
  }
  body.end();
  file.end();
  await finished(file);
  if (storeError) throw unavailable(storeError);
}
