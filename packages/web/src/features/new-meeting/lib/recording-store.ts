/**
 * Where a recording waits in the browser until the server has it (docs/decisions/150): IndexedDB, so a
 * closed tab, a crash or a lost network loses nothing; opening Parley again sends what was waiting.
 * Where IndexedDB is not available (some private windows) the recording is kept in memory: it still
 * survives a lost network, not a closed tab.
 */

/** A recording made in this browser whose chunks or Stop have not all reached the server yet. */
export interface StoredRecording {
  id: string;
  userId: string;
  projectId: string;
  title: string;
  mimeType: string;
  /** 'call': the microphone left, a browser tab right (absent in recordings stored before calls). */
  source?: 'microphone' | 'call';
  /** The server's meeting, once the recording was started there. */
  meetingId: string | null;
  /** Chunks made so far (numbered 0..chunks-1). */
  chunks: number;
  /** The recorder stopped: no more chunks will come. */
  stopped: boolean;
  /** Use Recording was chosen: the server is to be told once every chunk has arrived. */
  finishRequested: boolean;
  createdAt: number;
  /** Renewed every few seconds by the tab that is making the recording: another tab leaves it alone. */
  touchedAt: number;
}

export interface StoredChunk {
  recordingId: string;
  seq: number;
  blob: Blob;
  durationMs: number;
}

export interface RecordingStore {
  putRecording(recording: StoredRecording): Promise<void>;
  recordings(userId: string): Promise<StoredRecording[]>;
  /** The recording and its chunks. */
  deleteRecording(id: string): Promise<void>;
  putChunk(chunk: StoredChunk): Promise<void>;
  /** Chunks not yet acknowledged by the server, in order. */
  chunks(recordingId: string): Promise<StoredChunk[]>;
  deleteChunk(recordingId: string, seq: number): Promise<void>;
}

const DB_NAME = 'parley-recordings';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function indexedDbStore(): RecordingStore {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore('recordings', { keyPath: 'id' });
        req.result.createObjectStore('chunks', { keyPath: ['recordingId', 'seq'] });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    return opened;
  };
  const store = async (name: 'recordings' | 'chunks', mode: IDBTransactionMode) =>
    (await open()).transaction(name, mode).objectStore(name);
  const chunkRange = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);
  return {
    putRecording: async (r) => void (await request((await store('recordings', 'readwrite')).put(r))),
    recordings: async (userId) =>
      ((await request((await store('recordings', 'readonly')).getAll())) as StoredRecording[]).filter(
        (r) => r.userId === userId,
      ),
    async deleteRecording(id) {
      await request((await store('chunks', 'readwrite')).delete(chunkRange(id)));
      await request((await store('recordings', 'readwrite')).delete(id));
    },
    putChunk: async (c) => void (await request((await store('chunks', 'readwrite')).put(c))),
    chunks: async (id) => (await request((await store('chunks', 'readonly')).getAll(chunkRange(id)))) as StoredChunk[],
    deleteChunk: async (id, seq) => void (await request((await store('chunks', 'readwrite')).delete([id, seq]))),
  };
}

export function memoryStore(): RecordingStore {
  const recordings = new Map<string, StoredRecording>();
  const chunks = new Map<string, StoredChunk>();
  const key = (id: string, seq: number) => `${id}/${seq}`;
  return {
    putRecording: async (r) => void recordings.set(r.id, { ...r }),
    recordings: async (userId) => [...recordings.values()].filter((r) => r.userId === userId).map((r) => ({ ...r })),
    async deleteRecording(id) {
      recordings.delete(id);
      for (const [k, c] of chunks) if (c.recordingId === id) chunks.delete(k);
    },
    putChunk: async (c) => void chunks.set(key(c.recordingId, c.seq), c),
    chunks: async (id) => [...chunks.values()].filter((c) => c.recordingId === id).sort((a, b) => a.seq - b.seq),
    deleteChunk: async (id, seq) => void chunks.delete(key(id, seq)),
  };
}

let shared: RecordingStore | null = null;

/** The browser's store (one per page). */
export function recordingStore(): RecordingStore {
  shared ??= typeof indexedDB !== 'undefined' ? indexedDbStore() : memoryStore();
  return shared;
}
