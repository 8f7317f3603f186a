import { type Meeting, RECORDING_CHUNK } from '@parley/contract';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { RecordingsApi } from '../api/recordings';
import type { RecordingStore, StoredChunk, StoredRecording } from './recording-store';

/** A chunk is sent every 2 s of recording (at most RECORDING_CHUNK.maxSeconds): words show up live soon after. */
export const CHUNK_MS = Math.min(2000, RECORDING_CHUNK.maxSeconds * 1000);
/** Between tries while the server cannot be reached (the browser's `online` event tries at once). */
const RETRY_MS = 2000;
/** The recording tab renews its claim this often; a recording not renewed for ABANDONED_MS is another visit's to send. */
const TOUCH_MS = 5000;
export const ABANDONED_MS = 20_000;

export interface UploadStatus {
  meetingId: string | null;
  /** Recorded audio that has not reached the server yet, in ms. */
  waitingMs: number;
  /** The last try found no network or no server; the recording goes on and the chunks wait. */
  offline: boolean;
  /** A refusal no retry can fix (the limit, the meeting deleted elsewhere). */
  error: string | null;
  /**
   * The server took no more audio this month: the chunks from the refused one on were dropped and the
   * recording is kept up to there (the recorder should stop).
   */
  limitReached: boolean;
}

interface Options {
  store: RecordingStore;
  api: RecordingsApi;
  onChange?: (status: UploadStatus) => void;
  /** The recorder's data interval, the duration each piece of data stands for. */
  dataIntervalMs?: number;
}

/** A chunk refused because the month's time is used up (403, spec section 5's message). */
const isMonthlyLimit = (error: unknown) => error instanceof ApiError && error.status === 403;

const isRetryable = (error: unknown) =>
  !(error instanceof ApiError) || error.isNetworkError || error.status >= 500 || error.status === 429;

/**
 * A recording sent to the server while it is made (docs/decisions/150): the recorder's data is cut into
 * numbered chunks, each kept in the browser's store until the server has it, and sent in order, again
 * and again while the network is gone. Use Recording (finish) resolves once the server has every chunk
 * and has taken the Stop.
 */
export class ChunkedUpload {
  private record: StoredRecording;
  private readonly queue: StoredChunk[] = [];
  private pendingData: Blob[] = [];
  private pendingMs = 0;
  private offline = false;
  private error: string | null = null;
  private limitReached = false;
  private pumping = false;
  private closed = false;
  private wake: (() => void) | null = null;
  private finished: { promise: Promise<Meeting>; resolve: (m: Meeting) => void; reject: (e: Error) => void } | null =
    null;

  private readonly options: Options;
  private touchTimer: ReturnType<typeof setInterval> | null = null;

  private constructor(record: StoredRecording, queued: StoredChunk[], options: Options) {
    this.options = options;
    this.record = record;
    this.queue.push(...queued);
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
  }

  /** A new recording: kept in the store at once, started on the server as soon as it can be reached. */
  static begin(
    input: Pick<StoredRecording, 'userId' | 'projectId' | 'title' | 'mimeType' | 'source'>,
    options: Options,
  ): ChunkedUpload {
    const record: StoredRecording = {
      ...input,
      id: crypto.randomUUID(),
      meetingId: null,
      chunks: 0,
      stopped: false,
      finishRequested: false,
      createdAt: Date.now(),
      touchedAt: Date.now(),
    };
    const upload = new ChunkedUpload(record, [], options);
    upload.persist(() => options.store.putRecording(record));
    upload.touchTimer = setInterval(() => {
      upload.record = { ...upload.record, touchedAt: Date.now() };
      const touched = upload.record;
      upload.persist(() => options.store.putRecording(touched));
    }, TOUCH_MS);
    void upload.pump();
    return upload;
  }

  /**
   * A recording this browser did not finish sending (the tab was closed, the browser crashed): its
   * waiting chunks are sent and, the recorder being gone, it is finished.
   */
  static async resume(record: StoredRecording, options: Options): Promise<ChunkedUpload> {
    const chunks = await options.store.chunks(record.id);
    const upload = new ChunkedUpload({ ...record, stopped: true, finishRequested: true }, chunks, options);
    void upload.pump();
    return upload;
  }

  get status(): UploadStatus {
    return {
      meetingId: this.record.meetingId,
      waitingMs: this.pendingMs + this.queue.reduce((sum, c) => sum + c.durationMs, 0),
      offline: this.offline,
      error: this.error,
      limitReached: this.limitReached,
    };
  }

  /** Data from the recorder (every 100 ms while recording). */
  add(data: Blob): void {
    if (data.size === 0 || this.record.stopped) return;
    this.pendingData.push(data);
    this.pendingMs += this.options.dataIntervalMs ?? 100;
    if (this.pendingMs >= CHUNK_MS) this.cut();
    this.changed();
  }

  /** The recorder stopped: what is left becomes the last chunk. */
  stop(): void {
    if (this.record.stopped) return;
    this.cut();
    this.record = { ...this.record, stopped: true };
    this.persist(() => this.options.store.putRecording(this.record));
    this.kick();
  }

  /** Use Recording: resolves with the meeting once the server has all of it. */
  finish(): Promise<Meeting> {
    this.stop();
    if (!this.finished) {
      let resolve!: (m: Meeting) => void;
      let reject!: (e: Error) => void;
      const promise = new Promise<Meeting>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.finished = { promise, resolve, reject };
      this.record = { ...this.record, finishRequested: true };
      this.persist(() => this.options.store.putRecording(this.record));
      this.kick();
    }
    return this.finished.promise;
  }

  /** Re-record or Cancel: the recording is dropped here and on the server. */
  async discard(): Promise<void> {
    this.close();
    const { meetingId, projectId, id } = this.record;
    await this.options.store.deleteRecording(id).catch(() => undefined);
    if (meetingId) await this.options.api.discard(projectId, meetingId).catch(() => undefined);
  }

  /** Stops sending (the page goes away); what waits stays in the store for the next visit. */
  close(): void {
    this.closed = true;
    if (this.touchTimer) clearInterval(this.touchTimer);
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    this.wake?.();
  }

  private cut() {
    if (this.pendingData.length === 0) return;
    const chunk: StoredChunk = {
      recordingId: this.record.id,
      seq: this.record.chunks,
      blob: new Blob(this.pendingData, { type: this.record.mimeType }),
      durationMs: this.pendingMs,
    };
    this.pendingData = [];
    this.pendingMs = 0;
    this.record = { ...this.record, chunks: this.record.chunks + 1 };
    this.queue.push(chunk);
    const record = this.record;
    this.persist(async () => {
      await this.options.store.putChunk(chunk);
      await this.options.store.putRecording(record);
    });
    this.kick();
  }

  /**
   * The month's limit fell inside chunk `seq`: the recording ends before it. The recorder is told to
   * stop (status.limitReached) and what the server has is finished as the meeting, as Stop would.
   */
  private keepUpTo(seq: number) {
    const dropped = this.queue.filter((chunk) => chunk.seq >= seq);
    this.queue.splice(0, this.queue.length, ...this.queue.filter((chunk) => chunk.seq < seq));
    this.pendingData = [];
    this.pendingMs = 0;
    this.limitReached = true;
    this.record = { ...this.record, chunks: seq, stopped: true };
    const record = this.record;
    this.persist(async () => {
      for (const chunk of dropped) await this.options.store.deleteChunk(chunk.recordingId, chunk.seq);
      await this.options.store.putRecording(record);
    });
    this.changed();
  }

  private readonly onOnline = () => this.wake?.();

  private kick() {
    if (this.wake) this.wake();
    else void this.pump();
  }

  private changed() {
    this.options.onChange?.(this.status);
  }

  /** Store failures (quota, a private window) lose only the crash-safety: the chunks are still in memory. */
  private persist(write: () => Promise<void>) {
    write().catch((error) => console.warn('recording not kept in this browser', error));
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.closed && !this.error) {
        const step = await this.step();
        if (step === 'idle') break;
        if (step === 'retry') await this.pause(RETRY_MS);
      }
    } finally {
      this.pumping = false;
    }
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).finally(() => {
      this.wake = null;
    });
  }

  /** One request towards the server; what to do next. */
  private async step(): Promise<'more' | 'retry' | 'idle'> {
    const { api, store } = this.options;
    try {
      if (!this.record.meetingId && this.record.chunks > 0) {
        const { projectId, title, mimeType, source } = this.record;
        const meeting = await api.start(projectId, {
          title,
          mimeType: mimeType || 'audio/webm',
          ...(source ? { source } : {}),
        });
        this.record = { ...this.record, meetingId: meeting._id };
        const record = this.record;
        this.persist(() => store.putRecording(record));
      } else if (this.record.meetingId && this.queue.length > 0) {
        const chunk = this.queue[0]!;
        try {
          await api.putChunk(this.record.meetingId, chunk.seq, chunk.blob);
        } catch (error) {
          if (!isMonthlyLimit(error) || chunk.seq === 0) throw error;
          this.keepUpTo(chunk.seq);
          return 'more';
        }
        this.queue.shift();
        this.persist(() => store.deleteChunk(chunk.recordingId, chunk.seq));
      } else if (this.record.finishRequested && this.record.stopped && this.record.chunks === 0) {
        throw new ApiError(400, 'Please record audio before creating the meeting', null);
      } else if (this.record.finishRequested && this.record.stopped) {
        if (!this.record.meetingId) return 'idle';
        const meeting = await api.finish(this.record.meetingId, this.record.chunks);
        await store.deleteRecording(this.record.id).catch(() => undefined);
        this.close();
        this.finished?.resolve(meeting);
        return 'idle';
      } else {
        return 'idle';
      }
      this.offline = false;
      this.changed();
      return 'more';
    } catch (error) {
      if (isRetryable(error)) {
        this.offline = error instanceof ApiError && error.isNetworkError;
        this.changed();
        return 'retry';
      }
      this.error = errorMessage(error, 'The recording could not be saved');
      this.finished?.reject(error instanceof Error ? error : new Error(this.error));
      this.changed();
      return 'idle';
    }
  }
}
