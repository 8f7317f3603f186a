/**
 * How far a chunk of a growing Ogg recording reaches (Firefox's MediaRecorder can write audio/ogg with
 * Opus). Every Ogg page says in its header, as a granule position, how many samples the stream holds at
 * the end of the last packet the page completes; the rate of those samples is stated once, in the first
 * chunk's first packet (Opus: always 48 kHz; Vorbis: its identification header), and the caller keeps it
 * for the chunks that follow, as for MP4's timescale.
 *
 * A page is believed only whole within the chunk and with its CRC right, so four letters that happen to
 * read "OggS" inside audio data are never taken for a page. The chunk is read from its end, a bounded
 * number of candidates, so hostile bytes cost at most a few pages' CRCs.
 */

const CAPTURE = 'OggS';
const HEADER = 27;
/** Candidates looked at from the chunk's end, and how many of them may fail their CRC, before giving up. */
const MAX_CANDIDATES = 64;
const MAX_CRC_FAILURES = 8;
/** A granule position of all ones: no packet ends on this page. */
const NO_GRANULE = 0xffff_ffff_ffff_ffffn;

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, starting at 0, no final xor. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x8000_0000 ? (r << 1) ^ 0x04c1_1db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function pageCrc(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    // The CRC field itself (header bytes 22..25) counts as zeros.
    const byte = i - start >= 22 && i - start < 26 ? 0 : bytes[i]!;
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc;
}

interface Page {
  /** Header type flags: 0x02 marks a stream's first page. */
  flags: number;
  granule: bigint;
  /** Where its packet data starts and where the page ends. */
  body: number;
  end: number;
}

/**
 * The page at `pos` when it is whole within `bytes` (its header's shape, without its CRC checked);
 * null otherwise.
 */
function pageShapeAt(bytes: Uint8Array, pos: number): Page | null {
  if (pos + HEADER > bytes.length || bytes[pos + 4] !== 0) return null;
  const segments = bytes[pos + 26]!;
  const body = pos + HEADER + segments;
  if (body > bytes.length) return null;
  let size = 0;
  for (let i = pos + HEADER; i < body; i++) size += bytes[i]!;
  if (body + size > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { flags: bytes[pos + 5]!, granule: view.getBigUint64(pos + 6, true), body, end: body + size };
}

const crcHolds = (bytes: Uint8Array, pos: number, page: Page) =>
  pageCrc(bytes, pos, page.end) === new DataView(bytes.buffer, bytes.byteOffset).getUint32(pos + 22, true);

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The samples a second of the stream's granule positions from its first page in `bytes` (Opus: 48,000
 * whatever it was recorded at; Vorbis: its sample rate); null when no first page of either is here.
 */
export function oggGranuleRate(bytes: Uint8Array): number | null {
  const buffer = asBuffer(bytes);
  let seen = 0;
  for (let pos = buffer.indexOf(CAPTURE, 0, 'latin1'); pos >= 0 && seen < MAX_CANDIDATES; seen++) {
    const page = pageShapeAt(bytes, pos);
    if (page && page.flags & 0x02 && crcHolds(bytes, pos, page)) {
      const packet = buffer.subarray(page.body, page.end);
      if (packet.subarray(0, 8).toString('latin1') === 'OpusHead') return 48_000;
      if (packet.length >= 16 && packet.subarray(0, 7).toString('latin1') === '\x01vorbis') {
        const rate = packet.readUInt32LE(12);
        if (rate > 0) return rate;
      }
    }
    pos = buffer.indexOf(CAPTURE, pos + 1, 'latin1');
  }
  return null;
}

/**
 * The granule position of the last whole page of `bytes` that completes a packet: the stream's samples
 * up to there. Null when the chunk holds no such page (a chunk inside one page, or bytes that are no Ogg).
 */
export function lastGranule(bytes: Uint8Array): bigint | null {
  const buffer = asBuffer(bytes);
  let failures = 0;
  let seen = 0;
  for (let pos = buffer.lastIndexOf(CAPTURE, undefined, 'latin1'); pos >= 0 && seen < MAX_CANDIDATES; seen++) {
    const page = pageShapeAt(bytes, pos);
    if (page && page.granule !== NO_GRANULE) {
      if (crcHolds(bytes, pos, page)) return page.granule;
      if (++failures >= MAX_CRC_FAILURES) return null;
    }
    if (pos === 0) break;
    pos = buffer.lastIndexOf(CAPTURE, pos - 1, 'latin1');
  }
  return null;
}

/**
 * Whether `bytes` hold a whole Ogg page with its CRC right (a later chunk of an Ogg recording, decision
 * 201), looked for from the start among a bounded number of candidates, as `lastGranule` does.
 */
export function holdsPage(bytes: Uint8Array): boolean {
  const buffer = asBuffer(bytes);
  let failures = 0;
  let seen = 0;
  for (let pos = buffer.indexOf(CAPTURE, 0, 'latin1'); pos >= 0 && seen < MAX_CANDIDATES; seen++) {
    const page = pageShapeAt(bytes, pos);
    if (page) {
      if (crcHolds(bytes, pos, page)) return true;
      if (++failures >= MAX_CRC_FAILURES) return false;
    }
    pos = buffer.indexOf(CAPTURE, pos + 1, 'latin1');
  }
  return false;
}
