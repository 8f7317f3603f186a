// The live transcript's delay and capacity (docs/decisions/150). Starts the real server (with its
// worker) as a child process and plays browsers that record real speech: five LibriVox sentences
// joined with a second of silence, encoded as browsers do (WebM/Opus, ~120 ms Clusters), sent in 2 s
// chunks in real time. For each sentence, the delay from its end to its words arriving final in the
// live transcript (read the way the stream reads it: final, or as the phrase still being said); then how many recordings at once one server
// holds with p95 <= 5 s, and the server's CPU per recording.
// --call: a call recorded in Parley (docs/decisions/250): the sentences on the left (the microphone), the
// same sentences in reverse order on the right (the tab, another party talking at the same time),
// started with source 'call' so that each side is heard on its own; delays are the left side's.
// Run: npm run live -w @parley/bench [-- --max 6] [--call]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from './server-process.ts';

const args = process.argv.slice(2);
const maxStreams = Number(args[args.indexOf('--max') + 1] || 6);
const asCall = args.includes('--call');
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const CLIPS = ['0870', '0880', '0890', '0920', '0930'].map(
  (id) => `${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-${id}.wav`,
);
const CHUNK_SECONDS = 2;
const GAP = 1;

const scratch = mkdtempSync(join(tmpdir(), 'parley-live-bench-'));
const duration = (path: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]).toString(),
  );

// The meeting and where each sentence ends in it.
const ends: number[] = [];
let at = 0;
for (const clip of CLIPS) {
  at += duration(clip);
  ends.push(at);
  at += GAP;
}
/** The clips joined with GAP seconds of silence between them, as 16 kHz mono WAV at `out`. */
function sentences(clips: string[], out: string): string {
  const graph = `${clips.map((_, i) => `[${i}]${i < clips.length - 1 ? `[${clips.length}]` : ''}`).join('')}concat=n=${clips.length * 2 - 1}:v=0:a=1`;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', ...clips.flatMap((c) => ['-i', c])],
    ...['-f', 'lavfi', '-t', String(GAP), '-i', 'anullsrc=r=16000:cl=mono'],
    ...['-filter_complex', graph, '-ar', '16000', '-ac', '1', out],
  ]);
  return out;
}
const wav = sentences(CLIPS, join(scratch, 'meeting.wav'));
// The call's far side: the same sentences in reverse order, the same pauses.
const far = asCall ? sentences([...CLIPS].reverse(), join(scratch, 'far.wav')) : '';
const webm = join(scratch, 'meeting.webm');
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-y',
  '-i',
  wav,
  ...(asCall
    ? ['-i', far, '-filter_complex', '[0:a][1:a]join=inputs=2:channel_layout=stereo[out]', '-map', '[out]']
    : []),
  '-c:a',
  'libopus',
  '-b:a',
  '64k',
  '-cluster_time_limit',
  '120',
  '-f',
  'webm',
  webm,
]);
const bytes = readFileSync(webm);
const total = duration(wav);
// Chunks cut by time, as MediaRecorder's data comes: byte share by time share (constant bitrate is close enough).
const chunkCount = Math.ceil(total / CHUNK_SECONDS);
const chunks = Array.from({ length: chunkCount }, (_, i) =>
  bytes.subarray(Math.floor((i * bytes.length) / chunkCount), Math.floor(((i + 1) * bytes.length) / chunkCount)),
);

const {
  base,
  child: server,
  stop,
} = await startServerProcess({
  DATA_DIR: join(scratch, 'data'),
  LOG_LEVEL: process.env.LIVE_DEBUG ? 'debug' : 'warn',
  LOG_FORMAT: 'json',
});
const cpuSeconds = () => {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime + stime, and cutime + cstime of the ffmpeg decodes it waited for; clock ticks of 1/100 s.
  return (Number(stat[11]) + Number(stat[12]) + Number(stat[13]) + Number(stat[14])) / 100;
};

async function call(method: string, path: string, token: string | null, body?: unknown, raw?: Buffer) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (raw) headers['content-type'] = 'audio/webm;codecs=opus';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: raw ? new Uint8Array(raw) : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** One browser recording the meeting in real time; the delay of each sentence's final words. */
async function record(n: number): Promise<number[]> {
  const email = `live-${n}-${Date.now()}@example.com`;
  const { token } = await call('POST', '/auth/register', null, { name: 'Bench', email, password: 'benchmark pass' });
  const project = await call('POST', '/api/projects', token, { name: `Live ${n}` });
  const start = performance.now();
  const meeting = await call('POST', `/api/projects/${project._id}/recordings`, token, {
    title: 'Live',
    mimeType: 'audio/webm',
    ...(asCall && { source: 'call' }),
  });
  const delays: Array<number | undefined> = ends.map(() => undefined);
  let sending = true;
  const sender = (async () => {
    for (let seq = 0; seq < chunks.length; seq++) {
      const due = start + Math.min(total, (seq + 1) * CHUNK_SECONDS) * 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      await call('PUT', `/api/meetings/${meeting._id}/recording/chunks/${seq}`, token, undefined, chunks[seq]);
    }
    sending = false;
  })();
  // What the stream sends, polled at its own pace.
  while (sending || delays.some((d) => d === undefined)) {
    const live = await call('GET', `/api/meetings/${meeting._id}/live`, token);
    const now = (performance.now() - start) / 1000;
    ends.forEach((end, i) => {
      if (delays[i] !== undefined || now < end) return;
      // Final, or the phrase still being said as recognised so far: both are on screen. (The last
      // sentence ends the recording, so no pause ever makes it final before Stop.)
      const heard = live.segments.some(
        (s: { side?: number; endTime: number; text: string }) =>
          (s.side ?? 0) === 0 && s.endTime >= end - 0.5 && s.text.trim(),
      );
      if (heard) delays[i] = now - end;
    });
    if (!sending && now > total + 30) break; // a sentence never heard counts as the wait so far
    await new Promise((r) => setTimeout(r, 250));
  }
  await sender;
  if (process.env.LIVE_DEBUG) {
    const live = await call('GET', `/api/meetings/${meeting._id}/live`, token);
    console.log(
      ends.map((e) => e.toFixed(1)).join(' '),
      JSON.stringify(
        live.segments.map((s: { startTime: number; endTime: number; final: boolean; text: string }) => [
          s.startTime.toFixed(1),
          s.endTime.toFixed(1),
          s.final,
          s.text.slice(0, 30),
        ]),
      ),
      delays,
    );
  }
  await call('POST', `/api/meetings/${meeting._id}/recording/finish`, token, { chunks: chunks.length });
  const now = (performance.now() - start) / 1000;
  return delays.map((d, i) => d ?? now - ends[i]!);
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
console.log(
  `${asCall ? 'call (two sides) ' : ''}meeting: ${CLIPS.length} sentences, ${total.toFixed(1)} s, ${chunks.length} chunks of ${CHUNK_SECONDS} s; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
console.log('recordings at once | delay p50 | delay p95 | server CPU per recording (of one core)');
try {
  await record(0); // warm-up: models loaded, code paths compiled
  let holds = 0;
  for (let k = 1; k <= maxStreams; k = k < 2 ? k + 1 : k + 2) {
    const cpu0 = cpuSeconds();
    const t0 = performance.now();
    const delays = (await Promise.all(Array.from({ length: k }, (_, i) => record(i + 1)))).flat();
    const cpu = (cpuSeconds() - cpu0) / ((performance.now() - t0) / 1000) / k;
    const p95 = pct(delays, 95);
    console.log(
      `${String(k).padStart(18)} | ${pct(delays, 50).toFixed(1).padStart(7)} s | ${p95.toFixed(1).padStart(7)} s | ${(cpu * 100).toFixed(0)}%`,
    );
    if (p95 <= 5) holds = k;
    else break;
  }
  console.log(`one server holds ${holds} live recordings at once with p95 <= 5 s (target >= 4)`);
} finally {
  await stop();
  rmSync(scratch, { recursive: true, force: true });
}
