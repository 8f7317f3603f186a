/**
 * One hour of real meeting audio through the whole pipeline, both speaker paths (prints figures; not
 * a test): the 12 recordings of shared/data/ami-audio joined and looped to 3600 s, Opus in WebM
 * (built once with the system ffmpeg, kept in the temporary folder), then `hour-child.ts` in a child
 * process per path (`speakerSegmentation: false` and `true`), with the V8 flag the
 * server ships with. Prints wall-clock RTF, the CPU-time RTF over 2 cores (a lower bound that the
 * machine's load moves much less than wall time), the main thread's share and peak RSS, with the load.
 *
 *   npm run hour -w @parley/bench [-- DIR] [--only silero|segmentation] [--call] [--seconds N]
 * --call: also the same hour as a two-channel call (decision 241: the hour on the left in its even
 * minutes, the hour from its half on the right in its odd minutes, so as much speech as the mono hour,
 * one party a side), heard side by side, on the default path; target ≤ 2× the mono hour's time, peak
 * RSS ≤ 800 MB. --seconds N: the first N seconds only (a quicker comparison on a loaded machine).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fixtureFfmpeg } from '../packages/server/test/fixtures/audio.ts';
import { meetingNames, meetingsDir } from './meeting-data.ts';

const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const seconds = argv.includes('--seconds') ? Number(argv[argv.indexOf('--seconds') + 1]) : undefined;
const dir = meetingsDir(argv.find((a, i) => !a.startsWith('--') && !['--only', '--seconds'].includes(argv[i - 1]!)));
const names = meetingNames(dir);
const hour = join(tmpdir(), `parley-hour-${basename(dir)}-${names.length}.webm`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

if (!existsSync(hour)) {
  const list = join(tmpdir(), `parley-hour-${process.pid}.txt`);
  writeFileSync(list, names.map((n) => `file '${join(dir, `${n}.wav`)}'\n`).join(''));
  const joined = join(tmpdir(), `parley-hour-${process.pid}.wav`);
  const ffmpeg = fixtureFfmpeg();
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  execFileSync(ffmpeg, [...quiet, '-f', 'concat', '-safe', '0', '-i', list, '-ar', '16000', '-ac', '1', joined]);
  // written under another name first: an interrupted run never leaves a short "hour" behind
  const partial = `${hour}.partial.webm`;
  execFileSync(ffmpeg, [
    ...quiet,
    '-stream_loop',
    '-1',
    '-i',
    joined,
    '-t',
    '3600',
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    partial,
  ]);
  renameSync(partial, hour);
  rmSync(list);
  rmSync(joined);
}

const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
/** The hour cut to --seconds, when given. */
const heard = seconds ? join(tmpdir(), `parley-hour-${basename(dir)}-${names.length}-${seconds}s.webm`) : hour;
if (seconds && !existsSync(heard))
  execFileSync(fixtureFfmpeg(), [...quiet, '-i', hour, '-t', String(seconds), '-c', 'copy', heard]);
/** The same audio as a call: one party a side, turns of a minute, as much speech as the mono file. */
function callOf(mono: string): string {
  const call = mono.replace(/\.webm$/, '-call.webm');
  if (existsSync(call)) return call;
  const half = (seconds ?? 3600) / 2;
  execFileSync(fixtureFfmpeg(), [
    ...quiet,
    ...['-i', mono, '-i', mono, '-filter_complex'],
    `[0:a]volume=enable='gte(mod(t,120),60)':volume=0[l];[1:a]asplit[a][b];[a]atrim=start=${half},asetpts=PTS-STARTPTS[r1];[b]atrim=end=${half},asetpts=PTS-STARTPTS[r2];[r1][r2]concat=n=2:v=0:a=1,volume=enable='lt(mod(t,120),60)':volume=0[r];[l][r]join=inputs=2:channel_layout=stereo[out]`,
    ...['-map', '[out]', '-c:a', 'libopus', '-b:a', '64k', `${call}.partial.webm`],
  ]);
  renameSync(`${call}.partial.webm`, call);
  return call;
}

console.log(`# One hour of meeting audio — ${new Date().toISOString()}`);
console.log(
  `node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model}), ${heard} (${names.length} files of ${dir} looped)`,
);
console.log(`model ${process.env.MOONSHINE_MODEL ?? 'base (default)'}, ASR threads ${process.env.ASR_THREADS ?? 1}`);
// explicit values, so the names stay true whichever path is the pipeline's default
const paths = [
  { name: 'silero', title: 'Silero + change detection (speakerSegmentation: false)', value: 'false', file: heard },
  { name: 'segmentation', title: 'segmentation model (speakerSegmentation: true)', value: 'true', file: heard },
  ...(argv.includes('--call')
    ? [
        {
          name: 'segmentation',
          title: 'the same as a two-channel call, side by side',
          value: 'true',
          file: callOf(heard),
        },
      ]
    : []),
];
for (const { name, title, value, file } of paths) {
  if (only && only !== name) continue;
  const before = load();
  const out = execFileSync(
    process.execPath,
    [
      '--max-semi-space-size=4',
      join(import.meta.dirname, 'hour-child.ts'),
      file,
      process.env.ASR_THREADS ?? '1',
      '--speaker-segmentation',
      value,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 },
  );
  const h = JSON.parse(out.trim().split('\n').at(-1)!) as {
    durationSeconds: number;
    wall: number;
    cpu: number;
    childCpu: number;
    mainThreadCpu: number;
    maxRssMB: number;
    segments: number;
    speakerCount: number;
    heardSideBySide: boolean;
    timings: Record<string, number>;
  };
  const d = h.durationSeconds;
  console.log(`\n## ${title} (load average before ${before}, after ${load()})`);
  console.log(
    `audio ${d.toFixed(0)} s in ${h.wall.toFixed(1)} s wall: RTF ${(h.wall / d).toFixed(4)}; target ≤ 0.05 (wall clock: only meaningful on an idle machine)`,
  );
  console.log(
    `CPU ${h.cpu.toFixed(1)} s (main thread ${h.mainThreadCpu.toFixed(1)} s, recognition and the rest ${(h.cpu - h.mainThreadCpu).toFixed(1)} s) + ffmpeg ${h.childCpu.toFixed(1)} s: RTF over 2 cores ≥ ${((h.cpu + h.childCpu) / 2 / d).toFixed(4)}`,
  );
  console.log(`peak RSS ${h.maxRssMB.toFixed(0)} MB; target ≤ 600 MB`);
  console.log(
    `stages (wall): probe and level ${h.timings.probe!.toFixed(1)} s, decode + speech + recognition ${h.timings.transcribe!.toFixed(1)} s (the recogniser waiting for pieces ${h.timings.recognitionWaited!.toFixed(1)} s of it), speakers ${h.timings.diarize!.toFixed(2)} s; ${h.segments} segments, ${h.speakerCount} speakers${h.heardSideBySide ? ', heard side by side' : ''}`,
  );
}
