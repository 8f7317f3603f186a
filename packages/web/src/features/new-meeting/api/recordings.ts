import type { ChunkReceipt, Envelope, Meeting, StartRecordingRequest } from '@parley/contract';
import { api } from '@/lib/api-client';

const recordingPath = (meetingId: string) => `/api/meetings/${encodeURIComponent(meetingId)}/recording`;

/** The server side of a recording sent in chunks (docs/decisions/150). */
export const recordingsApi = {
  start: async (projectId: string, body: StartRecordingRequest) =>
    (await api.post<Envelope<Meeting>>(`/api/projects/${encodeURIComponent(projectId)}/recordings`, body)).data,
  putChunk: async (meetingId: string, seq: number, blob: Blob) =>
    (await api.put<Envelope<ChunkReceipt>>(`${recordingPath(meetingId)}/chunks/${seq}`, blob)).data,
  finish: async (meetingId: string, chunks: number) =>
    (await api.post<Envelope<Meeting>>(`${recordingPath(meetingId)}/finish`, { chunks })).data,
  discard: async (projectId: string, meetingId: string) => {
    await api.delete(`/api/projects/${encodeURIComponent(projectId)}/meetings/${encodeURIComponent(meetingId)}`);
  },
};

export type RecordingsApi = typeof recordingsApi;
