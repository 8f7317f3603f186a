import { type AudioContainer, containerOf } from '../decoding/audio-type.ts';
import { holdsFragment } from './mp4-fragments.ts';
import { holdsPage } from './ogg-pages.ts';
import { findClusters } from './webm-clusters.ts';

/**
 * The container a recording is made in, from the type its browser declared at start (the contract allows
 * audio/webm, ogg, mp4, wav, x-wav); its chunks must then be that container's bytes.
 */
export function recordingContainer(declared: string | null | undefined): AudioContainer | null {
  const subtype = /^audio\/(?:x-)?([a-z0-9]+)/i.exec(declared ?? '')?.[1]?.toLowerCase();
  return subtype === 'webm' || subtype === 'ogg' || subtype === 'mp4' || subtype === 'wav' ? subtype : null;
}

/**
 * Whether a chunk belongs to a recording made in `container` (decision 201): chunk 0 opens the container
 * (its magic bytes), a later chunk continues it with the container's own structure (WebM elements of a
 * Cluster, a whole Ogg page with its CRC right, a whole MP4 fragment). Bytes that are no such thing are
 * refused before they are stored. WAV goes on as bare samples, which have no structure to check: its
 * later chunks are bounded by the recording's limits only.
 */
export function chunkContinues(container: AudioContainer, seq: number, body: Uint8Array): boolean {
  if (seq === 0) return containerOf(body) === container;
  switch (container) {
    case 'webm':
      return findClusters(body).length > 0 || holdsBlockRun(body);
    case 'ogg':
      return holdsPage(body);
    case 'mp4':
      return holdsFragment(body);
    case 'wav':
      return true;
    default:
      return false;
  }
}

/** Elements a Cluster's content is made of: SimpleBlock, BlockGroup, Timecode, Void, CRC-32, PrevSize, Position. */
const CLUSTER_CHILDREN = new Set([0xa3, 0xa0, 0xe7, 0xec, 0xbf, 0xab, 0xa7]);
/** What may follow them in a Segment: the next Cluster, and Cues, Tags, SeekHead a muxer writes at the end. */
const SEGMENT_CHILDREN = new Set([0x1f43b675, 0x1c53bb6b, 0x1254c367, 0x114d9b74]);

/** The length of the element ID at `pos` when it is one a Cluster run may hold; 0 otherwise. */
function runIdAt(bytes: Uint8Array, pos: number): number {
  if (CLUSTER_CHILDREN.has(bytes[pos]!)) return 1;
  if (pos + 4 > bytes.length) return 0;
  const id = ((bytes[pos]! << 24) | (bytes[pos + 1]! << 16) | (bytes[pos + 2]! << 8) | bytes[pos + 3]!) >>> 0;
  return SEGMENT_CHILDREN.has(id) ? 4 : 0;
}
const isCluster = (bytes: Uint8Array, pos: number) =>
  bytes[pos] === 0x1f && bytes[pos + 1] === 0x43 && bytes[pos + 2] === 0xb6 && bytes[pos + 3] === 0x75;
/** No block of recorded audio is near this long (Chromium's PCM: 4 KB a block). */
const MAX_ELEMENT_BYTES = 1024 * 1024;
/** Where the first whole element of a chunk cut at an arbitrary byte is looked for. */
const SEARCH_BYTES = 64 * 1024;

/** An EBML size at `pos`: its value and length; 'cut' when the chunk ends inside it; null when it is none. */
function sizeAt(bytes: Uint8Array, pos: number): { value: number; length: number } | 'cut' | null {
  const first = bytes[pos];
  if (first === undefined) return 'cut';
  if (first === 0) return null;
  let length = 1;
  while ((first & (0x80 >> (length - 1))) === 0) length++;
  if (pos + length > bytes.length) return 'cut';
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[pos + i]!;
  return { value, length };
}

/**
 * Whether, from some byte of its first 64 KB, the chunk is a run of Cluster children to its end (the
 * last one may be cut off there), at least two of them whole: a WebM chunk inside one long Cluster.
 * A position once found on a run that breaks is never walked again, so hostile bytes cost one pass.
 */
function holdsBlockRun(bytes: Uint8Array): boolean {
  const breaks = new Uint8Array(bytes.length);
  const path: number[] = [];
  for (let start = 0; start < Math.min(bytes.length, SEARCH_BYTES); start++) {
    if (breaks[start] || runIdAt(bytes, start) === 0) continue;
    path.length = 0;
    let pos = start;
    let whole = 0;
    let reachesEnd = false;
    while (pos < bytes.length && !breaks[pos]) {
      path.push(pos);
      const idLength = runIdAt(bytes, pos);
      const size = idLength > 0 ? sizeAt(bytes, pos + idLength) : null;
      if (size === 'cut') {
        reachesEnd = true; // the chunk ends inside this element's header
        break;
      }
      if (!size) break;
      // A Cluster is entered: its children follow its header (a live recording's Cluster has no known size).
      if (isCluster(bytes, pos)) {
        pos += idLength + size.length;
        continue;
      }
      if (size.value > MAX_ELEMENT_BYTES) break;
      const end = pos + idLength + size.length + size.value;
      if (end >= bytes.length) {
        reachesEnd = true;
        if (end === bytes.length) whole++;
        break;
      }
      whole++;
      pos = end;
    }
    if (pos === bytes.length) reachesEnd = true;
    if (reachesEnd && whole >= 2) return true;
    // A run that reaches the end with too few whole elements is short: walking it again costs little.
    if (!reachesEnd) for (const p of path) breaks[p] = 1;
  }
  return false;
}
