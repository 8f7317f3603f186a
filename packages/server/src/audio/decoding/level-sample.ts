/**
 * Where the level pass listens in a long recording: short windows spread evenly over its length, so
 * its cost stays about the same for any length (docs/decisions/027). Most files are read with ffmpeg
 * seeking to each window (with the container's index); the WebM browsers write has no index and
 * MP3 often none (ffmpeg would read the file from the start for every window), so their windows are
 * cut from the bytes here: every WebM Cluster starts with its time code (the header followed by any
 * Clusters is a file ffmpeg decodes), and an MP3 decoder finds the next frame wherever it starts.
 */
import { open } from 'node:fs/promises';
import { findClusters } from '../live/webm-clusters.ts';

export interface LevelSample {
  /** Windows listened to; default 100. */
  windows?: number;
  /** Seconds of each window (a WebM window is whole Clusters, at least this long); default 1. */
  windowSeconds?: number;
}

export const LEVEL_SAMPLE = { windows: 100, windowSeconds: 1 } as const;

/** Window i is centred at (i + 0.5) / n of the recording: every stretch longer than duration / n is heard. */
export function levelWindows(
  durationSeconds: number,
  sample: Required<LevelSample>,
): Array<{ start: number; seconds: number }> {
  const { windows: n, windowSeconds: w } = sample;
  return Array.from({ length: n }, (_, i) => ({
    start: Math.max(0, Math.min(durationSeconds - w, ((i + 0.5) / n) * durationSeconds - w / 2)),
    seconds: w,
  }));
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
/** The Cues element's ID: a header that names it (in its SeekHead) has an index ffmpeg seeks with. */
const CUES_ID = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
/** Bytes read for the header (EBML, Segment, Info, Tracks come before the first Cluster). */
const HEAD_BYTES = 1 << 20;

/**
 * The sample as bytes ffmpeg decodes from its input, for the formats ffmpeg would read from the start
 * to find each window: WebM without an index (the header, then whole Clusters at each window), MP3
 * (its frames at each window: the decoder finds the next frame header itself; ffmpeg seeking in an
 * MP3 cost ~45 ms a window on the hour, more than decoding it all). Windows are placed by byte
 * position, which for audio is close to time. null for other files (the caller lets ffmpeg seek).
 */
export async function sampleBytes(
  path: string,
  durationSeconds: number,
  sample: Required<LevelSample>,
): Promise<{ bytes: Uint8Array; format?: string } | null> {
  const file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    const head = new Uint8Array(Math.min(size, HEAD_BYTES));
    await file.read(head, 0, head.length, 0);
    const read = async (at: number, length: number) => {
      const block = new Uint8Array(Math.max(0, Math.min(length, size - at)));
      await file.read(block, 0, block.length, at);
      return block;
    };
    if (isMpegAudio(head)) {
      const perWindow = Math.ceil((size / durationSeconds) * sample.windowSeconds);
      const parts = await Promise.all(
        levelWindows(durationSeconds, sample).map((w) =>
          read(Math.floor((w.start / durationSeconds) * size), perWindow),
        ),
      );
      return { bytes: Buffer.concat(parts), format: 'mp3' };
    }
    if (EBML_MAGIC.some((b, i) => head[i] !== b)) return null;
    const first = findClusters(head)[0];
    if (!first || Buffer.from(head.buffer, head.byteOffset, first.offset).includes(CUES_ID)) return null;
    const body = size - first.offset;
    const bytesPerSecond = body / Math.max(durationSeconds, 1e-3);
    const w = sample.windowSeconds;
    // long enough for the Cluster that starts the window, the window, and the Cluster after it
    // (browsers write Clusters of a fraction of a second); at most 1 MB a window, so a video's
    // megabytes are never read and searched here (its windows are then found by ffmpeg, or not at all)
    const blockBytes = Math.min(1 << 20, Math.max(64 << 10, Math.ceil(bytesPerSecond * (w + 12))));
    const parts: Uint8Array[] = [head.subarray(0, first.offset)];
    let readUpTo = first.offset; // never the same Cluster twice
    for (const window of levelWindows(durationSeconds, sample)) {
      const at = Math.max(readUpTo, first.offset + Math.floor((window.start / durationSeconds) * body));
      if (at >= size) break;
      const block = await read(at, blockBytes);
      const clusters = findClusters(block);
      const start = clusters[0];
      if (!start) continue;
      // whole Clusters from the first one to the first that starts after the window's length
      const end =
        clusters.find((c) => c.timeMs >= start.timeMs + w * 1000) ??
        (clusters.length > 1 ? clusters.at(-1) : undefined);
      if (!end) continue;
      parts.push(block.subarray(start.offset, end.offset));
      readUpTo = at + end.offset;
    }
    return parts.length > sample.windows / 2 ? { bytes: Buffer.concat(parts) } : null;
  } finally {
    await file.close();
  }
}

/** An MP3 file: an ID3v2 tag, or an MPEG audio frame header (sync bits, a layer that is not "reserved": ADTS AAC has 00). */
function isMpegAudio(head: Uint8Array): boolean {
  if (head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) return true; // "ID3"
  return head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0;
}
