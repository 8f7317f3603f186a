import { livePass, liveSidesPass } from '../audio/live/live-pass.ts';
import type { AsrEngine } from '../audio/recognition/engine.ts';
import type { JobContext } from '../jobs/worker.ts';
import type { meetingsRepository } from '../repositories/meetings.ts';
import type { recordingsRepository } from '../repositories/recordings.ts';
import type { AudioStorage } from '../storage/storage.ts';

interface Deps {
  meetings: ReturnType<typeof meetingsRepository>;
  recordings: ReturnType<typeof recordingsRepository>;
  storage: AudioStorage;
  engine: AsrEngine;
}

/** Passes in one job: chunks that arrive while a pass runs are taken by the next round, not a new job. */
const MAX_ROUNDS = 100;

/**
 * The recordings' bytes this worker has read, by meeting, so a pass reads only the new chunks from the
 * store. A pass on another worker (or after a restart) reads what it lacks. Recordings idle for ten
 * minutes are dropped.
 */
class ChunkCache {
  private readonly entries = new Map<string, { parts: Buffer[]; usedAt: number }>();

  async bytes(meetingId: string, keys: string[], storage: AudioStorage): Promise<Buffer> {
    const entry = this.entries.get(meetingId) ?? { parts: [], usedAt: 0 };
    for (let i = entry.parts.length; i < keys.length; i++) {
      const parts: Buffer[] = [];
      for await (const part of await storage.read(keys[i]!)) parts.push(part as Buffer);
      entry.parts.push(Buffer.concat(parts));
    }
    entry.usedAt = Date.now();
    this.entries.set(meetingId, entry);
    for (const [id, e] of this.entries) if (Date.now() - e.usedAt > 10 * 60_000) this.entries.delete(id);
    return Buffer.concat(entry.parts.slice(0, keys.length));
  }

  forget(meetingId: string) {
    this.entries.delete(meetingId);
  }
}

/**
 * The live transcript (docs/decisions/150-chunked-recording.md), the live-transcribe job's work: each
 * new chunk queues that job, one per meeting at a time, and a chunk that comes while it runs queues one
 * more run (decision 151). A run is one pass over the audio after the last final phrase; it does nothing
 * once the recording is no longer being made. Only the chunks received without a gap are heard; a
 * missing one holds the live text until it arrives. Built by the worker, which alone loads the engine.
 */
export function liveTranscribingService({ meetings, recordings, storage, engine }: Deps) {
  const cache = new ChunkCache();
  return {
    async transcribeLive(meetingId: string, { signal, log }: JobContext) {
      let heard = -1;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const meeting = await meetings.findById(meetingId);
        if (meeting?.recording_state !== 'recording') {
          cache.forget(meetingId);
          return;
        }
        const chunks = await recordings.chunks(meetingId);
        let contiguous = 0;
        while (contiguous < chunks.length && chunks[contiguous]!.seq === contiguous) contiguous++;
        if (contiguous === 0 || contiguous === heard) return;
        heard = contiguous;
        const keys = chunks.slice(0, contiguous).map((c) => c.storage_key);
        const recording = await cache.bytes(meetingId, keys, storage);
        const finalMs = await recordings.liveFinalMs(meetingId);
        const began = performance.now();
        // a call recorded in Parley: each side heard alone (decision 250), else the recording as one mix
        const result =
          meeting.recording_source === 'call'
            ? await liveSidesPass(recording, finalMs, { engine, signal })
            : await livePass(recording, finalMs[0], { engine, signal }).then(
                (mix) => mix && { sides: [mix], receivedMs: mix.receivedMs },
              );
        log.debug(
          { ms: Math.round(performance.now() - began), finalMs, chunks: contiguous, receivedMs: result?.receivedMs },
          'live pass',
        );
        if (!result) {
          log.debug('nothing decodable yet');
          continue;
        }
        await recordings.saveLivePass(meetingId, meeting.user_id, {
          receivedMs: Math.round(result.receivedMs),
          sides: result.sides.map((side, i) => ({
            fromMs: finalMs[i]!,
            pieces: side.pieces,
            finalMs: Math.round(side.finalMs),
          })),
        });
      }
    },
  };
}

export type LiveTranscribingService = ReturnType<typeof liveTranscribingService>;
