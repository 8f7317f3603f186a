/**
 * The decode stage: what the file is (its channels, its stated duration, an estimate of its length for
 * the progress figure) and its audio as a stream of 16 kHz samples. A two-channel file is decoded as
 * two channels so each side's level is measured (channels.ts, decision 016); the stream is their mono mix.
 */
import { ChannelBalance, monoMeasuringSides } from './channels.ts';
import { decodePcmStream, estimateDurationSeconds, probeAudioHeader } from './ffmpeg.ts';

export interface ProbedSource {
  path: string;
  /** Channels of the first audio stream, when ffmpeg can tell. */
  channels?: number;
  /** The duration the container's header states (none in the WebM browsers write). */
  headerSeconds?: number;
  /** A duration estimate from packet timestamps (no decoding), for the progress figure; started at once. */
  estimating: Promise<number | undefined>;
}

/** What the file is, from ffmpeg's description of it (no decoding). Undecodable files fail later, in the decoder. */
export async function probeSource(path: string, signal?: AbortSignal): Promise<ProbedSource> {
  const estimating = estimateDurationSeconds(path, { signal });
  const header = await probeAudioHeader(path, { signal });
  return { path, channels: header.channels, headerSeconds: header.durationSeconds, estimating };
}

export interface DecodedAudio {
  /** 16 kHz mono samples, streamed (read once). */
  pcm: AsyncIterable<Float32Array>;
  /** Each side's level per frame, for a two-channel file (filled as `pcm` is read). */
  balance?: ChannelBalance;
  /** Samples read from `pcm` so far. */
  samples(): number;
}

/** The file's audio, decoded as it is read. */
export function decodeSource(source: ProbedSource, signal?: AbortSignal): DecodedAudio {
  const balance = source.channels === 2 ? new ChannelBalance() : undefined;
  const decoded = balance
    ? monoMeasuringSides(decodePcmStream(source.path, { signal, channels: 2 }), balance)
    : decodePcmStream(source.path, { signal });
  return counting(decoded, { ...(balance && { balance }) });
}

function counting<T extends object>(decoded: AsyncIterable<Float32Array>, extra: T): DecodedAudio & T {
  let samples = 0;
  async function* counted(): AsyncGenerator<Float32Array> {
    for await (const chunk of decoded) {
      samples += chunk.length;
      yield chunk;
    }
  }
  return { pcm: counted(), ...extra, samples: () => samples };
}
