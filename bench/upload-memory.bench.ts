// Server memory growth while receiving a 500 MB upload (target: at most 64 MB).
// Starts the real server as a child process, streams a 500 MB WAV (generated on the fly: speech-band
// noise, 44.1 kHz stereo, ~50 minutes) as a multipart upload, and samples the server's RSS from
// /proc every 50 ms. Run: node bench/upload-memory.bench.ts [sizeMB] [--s3]
// --s3: STORAGE=s3 against an s3rver (an S3-compatible server from npm) started in this process, so the
// upload streams into a bucket as a multipart upload; the figure is the server's memory only.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadableStream } from 'node:stream/web';
import { startServerProcess } from './server-process.ts';

const args = process.argv.slice(2);
const useS3 = args.includes('--s3');
const sizeMb = Number(args.find((arg) => !arg.startsWith('--')) ?? 500);
const totalBytes = sizeMb * 1024 * 1024;

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

function wavHeader(dataBytes: number, rate = 44100, channels = 2) {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * channels * 2, 28);
  h.writeUInt16LE(channels * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

const dataDir = mkdtempSync(join(tmpdir(), 'parley-upload-bench-'));
const s3 = useS3 ? await startS3rver(join(dataDir, 's3')) : undefined;
const {
  base,
  child: server,
  stop,
} = await startServerProcess({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RUN_WORKER: 'false',
  TIER_MAX_FILE_SIZE_MB: '2000',
  ...s3?.env,
});

try {
  const reg = await (
    await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password: 'benchmark pass' }),
    })
  ).json();
  const token = reg.data.token;
  const project = await (
    await fetch(`${base}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Bench' }),
    })
  ).json();

  // Warm up the upload path once so lazily loaded modules don't count as growth (with S3, a
  // multipart upload: a 1 MB file would go in one PUT and leave the multipart code unloaded).
  await upload(token, project.data._id, (useS3 ? 20 : 1) * 1024 * 1024);
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const before = rssMb(server.pid!);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid!));
  }, 50);
  const started = performance.now();
  const res = await upload(token, project.data._id, totalBytes);
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `upload of ${sizeMb} MB to ${useS3 ? 'an S3 bucket (s3rver)' : 'local files'}: HTTP ${res.status} in ${seconds.toFixed(1)} s (${(sizeMb / seconds).toFixed(0)} MB/s, measured duration ${res.body?.data?.duration ?? '?'} s)`,
  );
  console.log(`server RSS before: ${before.toFixed(1)} MB, peak during upload: ${peak.toFixed(1)} MB`);
  console.log(`memory growth while receiving ${sizeMb} MB: ${(peak - before).toFixed(1)} MB (target <= 64 MB)`);
} finally {
  await stop();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function startS3rver(directory: string) {
  const { default: S3rver } = await import('s3rver');
  mkdirSync(directory, { recursive: true });
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'bench' }],
  });
  const { port: s3Port } = await s3rver.run();
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'bench',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return { env, close: () => s3rver.close() };
}

async function upload(token: string, projectId: string, bytes: number) {
  const boundary = `----parleybench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench upload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const dataBytes = bytes - 44;
  const chunk = Buffer.alloc(1024 * 1024);
  let seed = 1;
  for (let i = 0; i < chunk.length; i += 2) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    chunk.writeInt16LE(((seed >> 8) % 4000) - 2000, i);
  }
  async function* body() {
    yield head;
    yield wavHeader(dataBytes);
    let sent = 0;
    while (sent < dataBytes) {
      const n = Math.min(chunk.length, dataBytes - sent);
      yield n === chunk.length ? chunk : chunk.subarray(0, n);
      sent += n;
    }
    yield tail;
  }
  const response = await fetch(`${base}/api/projects/${projectId}/meetings`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + bytes + tail.length),
    },
    body: ReadableStream.from(body()),
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: await response.json().catch(() => null) };
}
