import { join } from 'node:path';
import { PersonResponse, SpeakerSuggestionsResponse, TranscriptionResponse } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../src/jobs/worker.ts';
import { startWorker } from '../../src/worker-runtime.ts';
import { fixtureTempDir, jfkWavPath, joinClips, oneVoicePath, POCKETSPHINX_DIR, type Turn } from '../fixtures/audio.ts';
import { apiClient, expectSchema } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { uploadMeeting } from '../helpers/uploads.ts';

// Two meetings of the same two voices (the LibriVox reader and the ve9qrp radio amateur), made of
// different recordings of each: what is learned in the first must name them in the second.
const scratch = fixtureTempDir('parley-voices-');
const libri = (n: number) => join(POCKETSPHINX_DIR, 'librivox', `sense_and_sensibility_01_austen_64kb-0${n}.wav`);
const ve = oneVoicePath();
const first = joinClips(
  [
    { speaker: 'reader', path: libri(870) },
    { speaker: 'radio', path: ve, from: 6.2, to: 22.6 },
    { speaker: 'reader', path: libri(880) },
    { speaker: 'radio', path: ve, from: 22.9, to: 34.5 },
  ],
  join(scratch, 'first.wav'),
);
const second = joinClips(
  [
    { speaker: 'radio', path: ve, from: 69.5, to: 83 },
    { speaker: 'reader', path: libri(890) },
    { speaker: 'jfk', path: jfkWavPath() },
    { speaker: 'reader', path: libri(920) },
    { speaker: 'radio', path: ve, from: 40, to: 56 },
  ],
  join(scratch, 'second.wav'),
);

type Segment = { _id: string; speaker: string; personId: { _id: string } | null; startTime: number; endTime: number };

/** The label holding most of a true speaker's time. */
function labelOf(segments: Segment[], turns: Turn[], speaker: string): string {
  const time = new Map<string, number>();
  for (const s of segments)
    for (const t of turns.filter((x) => x.speaker === speaker)) {
      const o = Math.min(s.endTime / 1000, t.end) - Math.max(s.startTime / 1000, t.start);
      if (o > 0) time.set(s.speaker, (time.get(s.speaker) ?? 0) + o);
    }
  return [...time].sort((a, b) => b[1] - a[1])[0]![0];
}

describe('speakers by name: voices known across meetings (real speech)', () => {
  let server: TestServer;
  let worker: Worker;
  let api: ReturnType<typeof apiClient>;

  async function transcribed(token: string, projectId: string, path: string, title: string) {
    const created = await uploadMeeting(server.url, token, projectId, { path }, { title, recordingType: 'upload' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id as string;
    for (;;) {
      const meeting = (await api.get(`/api/projects/${projectId}/meetings/${id}`, token)).body.data;
      if (meeting.transcriptionStatus === 'failed') throw new Error(meeting.transcriptionError);
      if (meeting.transcriptionStatus === 'completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const segments = (await api.get(`/api/meetings/${id}/transcriptions?limit=200`, token)).body.data
      .transcriptions as Segment[];
    return { id, segments };
  }
  const suggestions = async (token: string, meetingId: string) => {
    const res = await api.get(`/api/meetings/${meetingId}/speaker-suggestions`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return expectSchema(SpeakerSuggestionsResponse, res.body).data.suggestions;
  };
  const person = async (token: string, name: string) =>
    (await api.post('/api/people', { name }, token)).body.data._id as string;

  let owner: { token: string; projectId: string };
  let meeting1: { id: string; segments: Segment[] };
  let meeting2: { id: string; segments: Segment[] };
  let reader: string;
  let radio: string;

  beforeAll(async () => {
    server = await startTestServer();
    worker = await startWorker(server.ctx);
    api = apiClient(server.url);
    const { token, projectId } = await api.registerWithProject('Voices');
    owner = { token, projectId };
    meeting1 = await transcribed(token, projectId, first.path, 'First');
    meeting2 = await transcribed(token, projectId, second.path, 'Second');
    reader = await person(token, 'Marianne Dashwood');
    radio = await person(token, 'Victor Radio');
  }, 600_000);
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  it('suggests nothing by voice before any voice is known', async () => {
    const list = await suggestions(owner.token, meeting2.id);
    expect(list.filter((s) => s.source === 'voice')).toEqual([]);
  });

  it('learns the voices assigned in the first meeting and names them in the second', async () => {
    const { token } = owner;
    const readerLabel = labelOf(meeting1.segments, first.turns, 'reader');
    const radioLabel = labelOf(meeting1.segments, first.turns, 'radio');
    expect(readerLabel).not.toBe(radioLabel);
    for (const [label, personId] of [
      [readerLabel, reader],
      [radioLabel, radio],
    ] as const) {
      const res = await api.put(
        `/api/meetings/${meeting1.id}/transcriptions/speaker/${encodeURIComponent(label)}/assign`,
        { personId },
        token,
      );
      expect(res.status).toBe(200);
    }
    const profile = expectSchema(PersonResponse, (await api.get(`/api/people/${reader}`, token)).body).data
      .voiceProfile;
    expect(profile?.meetings).toBe(1);
    expect(profile?.seconds).toBeGreaterThan(5);

    const list = await suggestions(token, meeting2.id);
    const byLabel = new Map(list.map((s) => [s.speaker, s]));
    const readerThere = byLabel.get(labelOf(meeting2.segments, second.turns, 'reader'));
    const radioThere = byLabel.get(labelOf(meeting2.segments, second.turns, 'radio'));
    expect(readerThere).toMatchObject({ personId: reader, name: 'Marianne Dashwood', source: 'voice', evidence: [] });
    expect(radioThere).toMatchObject({ personId: radio, name: 'Victor Radio', source: 'voice' });
    expect(readerThere!.confidence).toBeGreaterThanOrEqual(0.5);
    // every voice suggestion is right: JFK's label, never heard before, is not taken for either of them
    const jfkLabel = labelOf(meeting2.segments, second.turns, 'jfk');
    expect(list.filter((s) => s.source === 'voice' && s.speaker === jfkLabel)).toEqual([]);
    expect(list.length).toBeLessThanOrEqual(new Set(meeting2.segments.map((s) => s.speaker)).size);
  });

  it("gives another user who uploads the same audio no suggestion, and 404 on the owner's rows", async () => {
    const { token, projectId } = await api.registerWithProject('Elsewhere');
    const theirs = await transcribed(token, projectId, second.path, 'Same audio');
    expect(await suggestions(token, theirs.id)).toEqual([]);
    // and none of the owner's meeting, segments or people is theirs to read or change
    expect((await api.get(`/api/meetings/${meeting2.id}/speaker-suggestions`, token)).status).toBe(404);
    const dismiss = { speaker: 'Speaker 1', personId: null, name: 'Victor' };
    expect((await api.post(`/api/meetings/${meeting2.id}/speaker-suggestions/dismiss`, dismiss, token)).status).toBe(
      404,
    );
    const segment = meeting2.segments[0]!;
    const put = `/api/meetings/${meeting2.id}/transcriptions/${segment._id}/speaker`;
    expect((await api.put(put, { personId: null }, token)).status).toBe(404);
    // their own meeting with the owner's person: 404 for the person
    const mine = `/api/meetings/${theirs.id}/transcriptions/${theirs.segments[0]!._id}/speaker`;
    expect((await api.put(mine, { personId: reader }, token)).status).toBe(404);
    expect(
      (
        await api.post(
          `/api/meetings/${theirs.id}/speaker-suggestions/dismiss`,
          { ...dismiss, personId: reader },
          token,
        )
      ).status,
    ).toBe(404);
    expect((await api.delete(`/api/people/${reader}/voice`, token)).status).toBe(404);
  }, 600_000);

  it('moves one segment only, and gives it back to its label', async () => {
    const { token } = owner;
    const label = labelOf(meeting2.segments, second.turns, 'jfk');
    const ofLabel = meeting2.segments.filter((s) => s.speaker === label);
    const one = ofLabel[0]!;
    const res = await api.put(
      `/api/meetings/${meeting2.id}/transcriptions/${one._id}/speaker`,
      { personId: radio },
      token,
    );
    expect(res.status).toBe(200);
    const moved = expectSchema(TranscriptionResponse, res.body).data;
    expect(moved).toMatchObject({ _id: one._id, speaker: label, personId: { _id: radio, name: 'Victor Radio' } });
    const after = (await api.get(`/api/meetings/${meeting2.id}/transcriptions?limit=200`, token)).body.data
      .transcriptions as Segment[];
    expect(after.filter((s) => s.personId?._id === radio).map((s) => s._id)).toEqual([one._id]);
    // the voice learned from the second meeting counts it
    const profile = (await api.get(`/api/people/${radio}`, token)).body.data.voiceProfile;
    expect(profile.meetings).toBe(2);
    const back = await api.put(
      `/api/meetings/${meeting2.id}/transcriptions/${one._id}/speaker`,
      { personId: null },
      token,
    );
    expect(back.body.data.personId).toBeNull();
    expect((await api.get(`/api/people/${radio}`, token)).body.data.voiceProfile.meetings).toBe(1);
  });

  it('rejects bad bodies with 400 in the error shape', async () => {
    const { token } = owner;
    const segment = meeting2.segments[0]!;
    for (const [path, body] of [
      [`/api/meetings/${meeting2.id}/speaker-suggestions/dismiss`, { speaker: '', personId: null, name: 'X' }],
      [`/api/meetings/${meeting2.id}/speaker-suggestions/dismiss`, { speaker: 'Speaker 1', name: 'X' }],
      [
        `/api/meetings/${meeting2.id}/speaker-suggestions/dismiss`,
        { speaker: 'Speaker 1', personId: null, name: 'x'.repeat(101) },
      ],
    ] as const) {
      const res = await api.post(path, body, token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: expect.any(String), errors: expect.any(Array) });
    }
    const res = await api.put(
      `/api/meetings/${meeting2.id}/transcriptions/${segment._id}/speaker`,
      { personId: 42 },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errors: expect.any(Array) });
  });

  it('never suggests a dismissed person for that label again', async () => {
    const { token } = owner;
    const label = labelOf(meeting2.segments, second.turns, 'reader');
    const before = (await suggestions(token, meeting2.id)).find((s) => s.speaker === label);
    expect(before?.personId).toBe(reader);
    const res = await api.post(
      `/api/meetings/${meeting2.id}/speaker-suggestions/dismiss`,
      { speaker: label, personId: reader, name: 'Marianne Dashwood' },
      token,
    );
    expect(res.status).toBe(204);
    const after = (await suggestions(token, meeting2.id)).find((s) => s.speaker === label);
    expect(after?.personId).not.toBe(reader);
  });

  it('forgets a voice: no profile, no suggestion from it', async () => {
    const { token } = owner;
    const label = labelOf(meeting2.segments, second.turns, 'radio');
    expect((await suggestions(token, meeting2.id)).find((s) => s.speaker === label)?.personId).toBe(radio);
    expect((await api.delete(`/api/people/${radio}/voice`, token)).status).toBe(204);
    expect((await api.get(`/api/people/${radio}`, token)).body.data.voiceProfile).toBeNull();
    expect((await suggestions(token, meeting2.id)).filter((s) => s.source === 'voice')).toEqual([]);
    expect((await api.delete(`/api/people/unknown-person/voice`, token)).status).toBe(404);
  });

  it('the voice goes with the person', async () => {
    const { token } = owner;
    const label = labelOf(meeting1.segments, first.turns, 'reader');
    const again = await person(token, 'Elinor Dashwood');
    await api.put(
      `/api/meetings/${meeting1.id}/transcriptions/speaker/${encodeURIComponent(label)}/assign`,
      { personId: again },
      token,
    );
    expect((await api.get(`/api/people/${again}`, token)).body.data.voiceProfile.meetings).toBe(1);
    expect((await api.delete(`/api/people/${again}`, token)).status).toBe(204);
    const rows = await server.ctx.db
      .selectFrom('voice_samples')
      .select('person_id')
      .where('person_id', '=', again)
      .execute();
    expect(rows).toEqual([]);
  });
});
