import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface FakeS3 {
  bucket: string;
  /** The STORAGE=s3 variables that point a Parley process at this server. */
  env: Record<string, string>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  bytes(key: string): Promise<Buffer>;
  /**
   * Holds the next upload whose path contains `keyPart` until `release()`: `arrived` resolves when it
   * reaches the store, so a test can act while a request's file is on its way.
   */
  holdUpload(keyPart: string): { arrived: Promise<void>; release(): void };
  /** Stops the server: the store is then down for whoever still points at it. */
  stop(): Promise<void>;
}

/**
 * `s3rver` (an S3-compatible server from npm) in this process on a free port, with one empty
 * bucket: it stands in for the third-party S3 service. Its own client reads what Parley stored.
 */
export async function startFakeS3(bucket = 'parley-test'): Promise<FakeS3> {
  const directory = mkdtempSync(join(tmpdir(), 'parley-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // Parley talks to s3rver through this pass-through, which can hold an upload back (holdUpload).
  const holds: Array<{ keyPart: string; arrived: () => void; released: Promise<void> }> = [];
  // Its own connections to s3rver, closed at stop: s3rver's close waits for every connection to end.
  const agent = new Agent({ keepAlive: true });
  const proxy = createServer((req, res) => {
    const forward = () => {
      const upstream = request(
        { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (err) => res.destroy(err));
      req.pipe(upstream);
    };
    const path = decodeURIComponent(req.url ?? '');
    const held = req.method === 'PUT' ? holds.findIndex((h) => path.includes(h.keyPart)) : -1;
    if (held < 0) return forward();
    const [hold] = holds.splice(held, 1);
    hold!.arrived();
    void hold!.released.then(forward);
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    // s3rver's fixed credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  let stopped = false;
  return {
    bucket,
    env,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async bytes(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    holdUpload(keyPart) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ keyPart, arrived, released });
      return { arrived: reached, release };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      proxy.closeAllConnections();
      await new Promise((closed) => proxy.close(closed));
      agent.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
