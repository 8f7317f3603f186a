// Child process of pipeline.bench.ts: transcribes one file and prints wall time and peak RSS as JSON.

import { transcribeFile } from '../packages/server/src/audio/pipeline/pipeline.ts';
import { segmentationFor } from '../packages/server/src/audio/pipeline/transcriber.ts';
import { loadMoonshine } from '../packages/server/src/audio/recognition/moonshine.ts';
import { DEFAULT_MOONSHINE_MODEL } from '../packages/server/src/config.ts';

const [path, threads] = process.argv.slice(2);
const engine = await loadMoonshine({
  size: (process.env.MOONSHINE_MODEL as 'tiny' | 'base' | undefined) ?? DEFAULT_MOONSHINE_MODEL,
  threads: Number(threads ?? 1),
});
const t0 = performance.now();
let last = -1;
const r = await transcribeFile(path!, {
  engine,
  segmentation: segmentationFor(engine.name),
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
    maxRssMB: (process.resourceUsage().maxRSS * 1024) / 1e6, // getrusage gives KiB; report decimal MB
    segments: r.segments.length,
    speakerCount: r.speakerCount,
    timings: r.timings,
    labelled: r.segments.map((x) => ({ speaker: x.speaker, startTime: x.startTime, endTime: x.endTime })),
  }),
);
