/**
 * How far a chunk of a growing fragmented MP4 recording reaches (Safari's MediaRecorder writes audio/mp4
 * as `ftyp` `moov`, then fragments `moof` `mdat` of a fraction of a second each). Each `moof` holds a
 * `traf` whose `tfdt` says when its first sample is due, in the track's timescale, which only the first
 * chunk's `moov` (`trak` > `mdia` > `mdhd`) states: the caller keeps it for the chunks that follow.
 * One linear scan; a box cut off by the chunk's end is not read.
 */

const text = (bytes: Uint8Array, pos: number) => String.fromCharCode(...bytes.subarray(pos, pos + 4));
const u32 = (bytes: Uint8Array, pos: number) =>
  ((bytes[pos]! << 24) | (bytes[pos + 1]! << 16) | (bytes[pos + 2]! << 8) | bytes[pos + 3]!) >>> 0;
const u64 = (bytes: Uint8Array, pos: number) => u32(bytes, pos) * 2 ** 32 + u32(bytes, pos + 4);

interface Box {
  type: string;
  /** Where its content starts and where the box ends. */
  body: number;
  end: number;
}

/** The box at `pos` when it lies wholly within `limit`; null otherwise. */
function boxAt(bytes: Uint8Array, pos: number, limit: number): Box | null {
  if (pos + 8 > limit) return null;
  let size = u32(bytes, pos);
  let header = 8;
  if (size === 1) {
    if (pos + 16 > limit) return null;
    size = u64(bytes, pos + 8);
    header = 16;
  } else if (size === 0) size = limit - pos;
  if (size < header || pos + size > limit) return null;
  return { type: text(bytes, pos + 4), body: pos + header, end: pos + size };
}

/** The first child of `parent` of `type`. */
function child(bytes: Uint8Array, parent: Box, type: string): Box | null {
  for (let pos = parent.body; ; ) {
    const box = boxAt(bytes, pos, parent.end);
    if (!box) return null;
    if (box.type === type) return box;
    pos = box.end;
  }
}

/**
 * Boxes of `type` anywhere in `bytes` (a chunk may start inside a box): each place its four letters
 * appear with a size before them that fits. Found by Buffer.indexOf, natively.
 */
function* candidates(bytes: Uint8Array, type: string) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = buffer.indexOf(type, 4, 'latin1'); i >= 4; i = buffer.indexOf(type, i + 1, 'latin1')) {
    const box = boxAt(bytes, i - 4, bytes.length);
    if (box) yield box;
  }
}

/** The audio track's timescale (ticks a second) from a `moov` in `bytes`; null when there is none. */
export function mp4Timescale(bytes: Uint8Array): number | null {
  for (const moov of candidates(bytes, 'moov')) {
    const trak = child(bytes, moov, 'trak');
    const mdia = trak && child(bytes, trak, 'mdia');
    const mdhd = mdia && child(bytes, mdia, 'mdhd');
    if (!mdhd) continue;
    const version = bytes[mdhd.body];
    const at = mdhd.body + 4 + (version === 1 ? 16 : 8);
    if (at + 4 > mdhd.end) continue;
    const timescale = u32(bytes, at);
    if (timescale > 0) return timescale;
  }
  return null;
}

/** When the last fragment of `bytes` starts, in the track's ticks (its `tfdt`); null when no fragment is whole. */
export function lastFragmentStart(bytes: Uint8Array): number | null {
  let last: number | null = null;
  for (const moof of candidates(bytes, 'moof')) {
    const traf = child(bytes, moof, 'traf');
    const tfdt = traf && child(bytes, traf, 'tfdt');
    if (!tfdt) continue;
    const version = bytes[tfdt.body];
    const at = tfdt.body + 4;
    if (at + (version === 1 ? 8 : 4) > tfdt.end) continue;
    const start = version === 1 ? u64(bytes, at) : u32(bytes, at);
    last = last === null ? start : Math.max(last, start);
  }
  return last;
}

/**
 * Whether `bytes` hold a whole fragment's `moof` with a `traf` in it (a later chunk of an MP4 recording,
 * decision 201), or the `moov` of its start.
 */
export function holdsFragment(bytes: Uint8Array): boolean {
  for (const moof of candidates(bytes, 'moof')) if (child(bytes, moof, 'traf')) return true;
  return mp4Timescale(bytes) !== null;
}
