import { routes, type StartRecordingRequest } from '@parley/contract';
import { callRoute } from '@/lib/api-client';

/** The server side of a recording sent in chunks (docs/decisions/150). */
export const recordingsApi = {
  start: async (projectId: string, body: StartRecordingRequest) =>
    (await callRoute(routes.startRecording, { params: { id: projectId }, body })).data,
  putChunk: async (meetingId: string, seq: number, blob: Blob) =>
    (await callRoute(routes.recordingChunk, { params: { meetingId, seq }, body: blob })).data,
  finish: async (meetingId: string, chunks: number) =>
    (await callRoute(routes.finishRecording, { params: { meetingId }, body: { chunks } })).data,
  discard: async (projectId: string, meetingId: string) => {
    await callRoute(routes.deleteMeeting, { params: { id: projectId, meetingId } });
  },
};

export type RecordingsApi = typeof recordingsApi;
