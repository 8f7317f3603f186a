// Child process of pipeline.bench.ts (or run alone): transcribes one file and prints wall time, CPU time
// and peak RSS as JSON.
//   node --max-semi-space-size=4 bench/hour-child.ts FILE [ASR_THREADS] [--speaker-segmentation JSON]
//     [--pipeline JSON]
// --speaker-segmentation: TranscribeFileOptions.speakerSegmentation as JSON (true, false, {...});
// absent: the pipeline's default; --segmentation is short for true. --pipeline: other
// TranscribeFileOptions as JSON (e.g. '{"overlapSpeech":false}').
// CPU time is less sensitive to the machine's load than wall time: on a shared machine report both.
// `cpu` is this process (main thread, the recognition thread), `childCpu` the
// ffmpeg processes it waited for, `mainThreadCpu` the main thread alone (decoding, speech, speakers).

import { readFileSync } from 'node:fs';
import { type TranscribeFileOptions, transcribeFile } from '../packages/server/src/audio/pipeline/pipeline.ts';
import { segmentationFor } from '../packages/server/src/audio/pipeline/transcriber.ts';
import { loadMoonshine } from '../packages/server/src/audio/recognition/moonshine.ts';
import { DEFAULT_MOONSHINE_MODEL } from '../packages/server/src/config.ts';

const argv = process.argv.slice(2);
const i = argv.indexOf('--speaker-segmentation');
const speakerSegmentation = argv.includes('--segmentation')
  ? true
  : i >= 0
    ? (JSON.parse(argv[i + 1]!) as TranscribeFileOptions['speakerSegmentation'])
    : undefined;
const p = argv.indexOf('--pipeline');
const pipeline = p >= 0 ? (JSON.parse(argv[p + 1]!) as Partial<TranscribeFileOptions>) : {};
const [path, threads] = argv.filter((a, k) => !a.startsWith('--') && (i < 0 || k !== i + 1) && (p < 0 || k !== p + 1));
const engine = await loadMoonshine({
  size: (process.env.MOONSHINE_MODEL as 'tiny' | 'base' | undefined) ?? DEFAULT_MOONSHINE_MODEL,
  threads: Number(threads ?? 1),
});
/** CPU seconds of the children this process has waited for (ffmpeg), from /proc (Linux; 100 ticks a second). */
const childCpu = () => {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[13]) + Number(f[14])) / 100; // cutime, cstime (fields 16 and 17)
  } catch {
    return Number.NaN;
  }
};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const mainCpu = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1e6;
};
const [cpu0, child0, main0] = [cpu(), childCpu(), mainCpu()];
const t0 = performance.now();
let last = -1;
const r = await transcribeFile(path!, {
  engine,
  segmentation: segmentationFor(engine.name),
  ...(speakerSegmentation !== undefined && { speakerSegmentation }),
  ...pipeline,
  onProgress: (f) => {
    if (f - last >= 0.1 || f === 1) {
      last = f;
      process.stderr.write(
        `  progress ${(100 * f).toFixed(0)}%  rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB\n`,
      );
    }
  },
});
const wall = (performance.now() - t0) / 1000;
console.log(
  JSON.stringify({
    durationSeconds: r.durationSeconds,
    wall,
    cpu: cpu() - cpu0,
    childCpu: childCpu() - child0,
    mainThreadCpu: mainCpu() - main0,
    maxRssMB: (process.resourceUsage().maxRSS * 1024) / 1e6, // getrusage gives KiB; report decimal MB
    speakerSegmentation: speakerSegmentation ?? 'default',
    segments: r.segments.length,
    speakerCount: r.speakerCount,
    heardSideBySide: r.sides !== undefined,
    timings: r.timings,
    labelled: r.segments.map((x) => ({ speaker: x.speaker, startTime: x.startTime, endTime: x.endTime })),
  }),
);
