import { LIMITS } from '@parley/contract';

/** Spec section 5: the first container the browser can record, else the browser's default (''). */
export const RECORDING_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export function pickRecordingMimeType(isTypeSupported: (type: string) => boolean): string {
  return RECORDING_MIME_TYPES.find((type) => isTypeSupported(type)) ?? '';
}

/** The uploaded file's extension follows the recorded type: webm, ogg or mp4 (webm by default). */
export function recordingExtension(mimeType: string): 'webm' | 'ogg' | 'mp4' {
  const type = mimeType.toLowerCase();
  if (type.startsWith('audio/ogg')) return 'ogg';
  if (type.startsWith('audio/mp4') || type.startsWith('video/mp4')) return 'mp4';
  return 'webm';
}

/** Spec section 9: sample rate, bitrate and the data chunk interval. */
export const RECORDER_SETTINGS = {
  sampleRate: 44_100,
  audioBitsPerSecond: 128_000,
  timesliceMs: 100,
  tickMs: 1000,
} as const;

export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, sampleRate: RECORDER_SETTINGS.sampleRate },
};

export const DEFAULT_MAX_FILE_SIZE = LIMITS.defaultMaxFileSizeBytes;
