/**
 * Where a growing WebM recording can be decoded from. Browsers' MediaRecorder writes WebM as a header
 * (EBML, Segment, Info, Tracks) and then Clusters of a fraction of a second each (Chromium: ~120 ms),
 * every one starting with its time code. The header followed by the bytes from any Cluster on is a
 * file ffmpeg decodes, starting at that Cluster's time: so the live pass decodes only the recent
 * audio, whatever the length of the recording.
 */

const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];
const CLUSTER_ID_BYTES = Buffer.from(CLUSTER_ID);
const TIMECODE_ID = 0xe7;

export interface ClusterStart {
  /** Byte offset of the Cluster element. */
  offset: number;
  /** Its time code, in milliseconds from the start of the recording (Chromium's and Firefox's scale). */
  timeMs: number;
}

/** An EBML variable-length integer at `pos`: its value and length, or null when it runs past the end. */
function readVint(bytes: Uint8Array, pos: number): { value: number; length: number } | null {
  const first = bytes[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length++;
  if (length > 8 || pos + length > bytes.length) return null;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[pos + i]!;
  return { value, length };
}

/**
 * The Clusters of `bytes` with their time codes, in order. A match of the four ID bytes inside audio
 * data is told apart by what must follow a real Cluster: a size, then a Timecode element.
 */
export function findClusters(bytes: Uint8Array, from = 0): ClusterStart[] {
  const clusters: ClusterStart[] = [];
  // The ID's four bytes are found natively: a 4 MB chunk is scanned in about a millisecond.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (
    let i = buffer.indexOf(CLUSTER_ID_BYTES, from);
    i >= 0 && i + 4 < bytes.length;
    i = buffer.indexOf(CLUSTER_ID_BYTES, i + 1)
  ) {
    const size = readVint(bytes, i + 4);
    if (!size) continue;
    const idPos = i + 4 + size.length;
    if (bytes[idPos] !== TIMECODE_ID) continue;
    const timeSize = readVint(bytes, idPos + 1);
    if (!timeSize || timeSize.value < 1 || timeSize.value > 8) continue;
    const valuePos = idPos + 1 + timeSize.length;
    if (valuePos + timeSize.value > bytes.length) continue;
    let timeMs = 0;
    for (let k = 0; k < timeSize.value; k++) timeMs = timeMs * 256 + bytes[valuePos + k]!;
    clusters.push({ offset: i, timeMs });
    i = valuePos + timeSize.value - 1;
  }
  return clusters;
}

/**
 * The bytes to decode for audio from about `fromMs` on: the header and the recording from the last
 * Cluster that starts at or before `fromMs`. null when the recording is not WebM with Clusters (the
 * caller then decodes all of it).
 */
export function webmTail(bytes: Uint8Array, fromMs: number): { bytes: Uint8Array; startMs: number } | null {
  const clusters = findClusters(bytes);
  const first = clusters[0];
  if (!first) return null;
  let start = first;
  for (const c of clusters) {
    if (c.timeMs > fromMs) break;
    start = c;
  }
  if (start === first) return { bytes, startMs: first.timeMs };
  const out = new Uint8Array(first.offset + (bytes.length - start.offset));
  out.set(bytes.subarray(0, first.offset), 0);
  out.set(bytes.subarray(start.offset), first.offset);
  return { bytes: out, startMs: start.timeMs };
}
