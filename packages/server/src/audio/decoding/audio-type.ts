import { open } from 'node:fs/promises';

/**
 * The types Parley serves a stored recording under (decision 200): decided from the file's own first
 * bytes, never from what a client declared. Anything else is not served.
 */
export const AUDIO_TYPES = {
  webm: { mime: 'audio/webm', extension: 'webm' },
  ogg: { mime: 'audio/ogg', extension: 'ogg' },
  mpeg: { mime: 'audio/mpeg', extension: 'mp3' },
  mp4: { mime: 'audio/mp4', extension: 'm4a' },
  wav: { mime: 'audio/wav', extension: 'wav' },
  flac: { mime: 'audio/flac', extension: 'flac' },
  aac: { mime: 'audio/aac', extension: 'aac' },
} as const;

export type AudioContainer = keyof typeof AUDIO_TYPES;
export type AudioType = (typeof AUDIO_TYPES)[AudioContainer];

/** Enough of a file's start to tell its container (an ID3 tag in front of MP3 or AAC is skipped). */
export const AUDIO_HEAD_BYTES = 64;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** The ID3v2 tag's whole length (header, syncsafe size, footer), when `head` starts with one. */
export function id3Length(head: Uint8Array): number | null {
  if (!ascii(head, 0, 'ID3') || head.length < 10) return null;
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  const footer = head[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * The container `head` (a file's first bytes, past any ID3 tag) starts with, by its magic bytes:
 * EBML (WebM, Matroska), `OggS`, `fLaC`, `RIFF....WAVE`, `....ftyp` (MP4, M4A), an MPEG audio frame
 * header (MP3) or an ADTS header (AAC); null for anything else.
 */
export function containerOf(head: Uint8Array): AudioContainer | null {
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 4, 'ftyp')) return 'mp4';
  if (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe0) === 0xe0) {
    const layer = (head[1] >> 1) & 0x03;
    // ADTS: 12 sync bits and layer 00; MPEG audio: 11 sync bits, a version that is not reserved, a layer.
    if ((head[1] & 0xf6) === 0xf0) return 'aac';
    if (layer !== 0 && ((head[1] >> 3) & 0x03) !== 0x01) return 'mpeg';
  }
  return null;
}

/**
 * A file's audio type, read through `readAt` (a local file, or the store): its first bytes, and past an
 * ID3 tag when there is one (MP3 usually, AAC sometimes).
 */
export async function decideAudioType(
  readAt: (start: number, length: number) => Promise<Uint8Array>,
): Promise<AudioType | null> {
  const head = await readAt(0, AUDIO_HEAD_BYTES);
  const tag = id3Length(head);
  const container = containerOf(tag === null ? head : await readAt(tag, AUDIO_HEAD_BYTES));
  return container ? AUDIO_TYPES[container] : null;
}

/** The audio type of a local file (an upload's or a joined recording's copy). */
export async function audioTypeOfFile(path: string): Promise<AudioType | null> {
  const file = await open(path, 'r');
  try {
    return await decideAudioType(async (start, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, start);
      return buffer.subarray(0, bytesRead);
    });
  } finally {
    await file.close();
  }
}
