import type { Db } from '../db/database.ts';
import type { TranscriptionsTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { nextTurn } from '../lib/next-turn.ts';
import { VISIBLE_MEETING } from './meetings.ts';
import { meetingsOfScope, type SearchScope } from './scope.ts';
import { addToVocabulary, countWords, indexWords } from './search-vocabulary.ts';
import { deleteMeetingRows, ROWS_A_STATEMENT } from './short-statements.ts';

export type SegmentRow = TranscriptionsTable & {
  person_name: string | null;
  person_company: string | null;
  /** Whose contact the linked person is: only they see more of it than its name (issue 37). */
  person_owner_id: string | null;
};
export type PersonSegmentRow = SegmentRow & { meeting_title: string; meeting_project_id: string };
/** A segment with the meeting it belongs to (search hits, answers' citations). */
export type SegmentInMeetingRow = SegmentRow & {
  meeting_title: string;
  meeting_project_id: string;
  meeting_created_at: string;
};

export interface NewSegment {
  speaker: string;
  text: string;
  startMs: number;
  endMs: number;
  /** The segment's voice statistics from the pipeline (audio/speakers/voice-stats.ts encodeVoice); none for imports. */
  voice?: string;
  /** The person it is known to be (a call recorded in Parley: the microphone's side is the person recording). */
  personId?: string | null;
}

/** An imported segment: it may already be linked to one of the user's people, or edited. */
export interface ImportedSegment extends NewSegment {
  personId: string | null;
  isEdited: boolean;
}

export const SEGMENT_COLUMNS = [
  'transcriptions.id',
  'transcriptions.user_id',
  'transcriptions.meeting_id',
  'transcriptions.speaker',
  'transcriptions.person_id',
  'transcriptions.text',
  'transcriptions.is_edited',
  'transcriptions.start_ms',
  'transcriptions.end_ms',
  'transcriptions.created_at',
  'transcriptions.updated_at',
  'people.name as person_name',
  'people.company as person_company',
  'people.user_id as person_owner_id',
] as const;

/** A new segment's row, for one meeting. */
function segmentRow(userId: string, meetingId: string) {
  const now = nowIso();
  return (s: ImportedSegment) => ({
    id: newId(),
    user_id: userId,
    meeting_id: meetingId,
    speaker: s.speaker,
    person_id: s.personId,
    text: s.text,
    is_edited: s.isEdited ? 1 : 0,
    start_ms: Math.round(s.startMs),
    end_ms: Math.round(s.endMs),
    created_at: now,
    updated_at: now,
  });
}

/** Rows per read when a whole meeting is read (exports, notes). */
const READ_BATCH = 2000;

export function transcriptionsRepository(db: Db) {
  const segments = (executor: Db = db) =>
    executor
      .selectFrom('transcriptions')
      .leftJoin('people', 'people.id', 'transcriptions.person_id')
      .select(SEGMENT_COLUMNS);

  /**
   * Every segment write (a job's transcript, an import) goes through here, so the search index follows in
   * the caller's transaction: the word index by triggers / generated columns, the vocabulary by indexWords.
   */
  async function insertSegments(trx: Db, userId: string, meetingId: string, rowsIn: ImportedSegment[]) {
    const toRow = segmentRow(userId, meetingId);
    // 100 rows a statement, each batch made and written in a turn of its own: a statement is synchronous
    // in SQLite (with the word index's triggers), and so are 20,000 ids made at once.
    const ids: string[] = [];
    for (let i = 0; i < rowsIn.length; i += ROWS_A_STATEMENT) {
      if (i > 0) await nextTurn();
      const rows = rowsIn.slice(i, i + ROWS_A_STATEMENT).map(toRow);
      for (const row of rows) ids.push(row.id);
      await trx.insertInto('transcriptions').values(rows).execute();
    }
    // each segment's voice goes with it (foreign key, cascade): never audio, statistics only
    const voices = rowsIn.flatMap((s, i) =>
      s.voice ? [{ segment_id: ids[i]!, user_id: userId, meeting_id: meetingId, voice: s.voice }] : [],
    );
    for (let i = 0; i < voices.length; i += 200) {
      await trx
        .insertInto('segment_voices')
        .values(voices.slice(i, i + 200))
        .execute();
    }
    await indexWords(
      trx,
      userId,
      rowsIn.map((s) => s.text),
    );
  }

  /** Links the meeting's segments that have `column` = `value` to a person; the number changed. */
  async function setPerson(
    userId: string,
    meetingId: string,
    [column, value]: ['speaker' | 'id' | 'person_id', string],
    personId: string | null,
  ): Promise<number> {
    const result = await db
      .updateTable('transcriptions')
      .set({ person_id: personId, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .where('meeting_id', '=', meetingId)
      .where(column, '=', value)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Every segment of a meeting in time order, with its person, a page at a time (after the last row
   * read) with a turn of the event loop between pages: 20,000 segments in one synchronous SQLite read
   * hold it. A caller that keeps only what it makes of each page never holds the whole meeting's rows.
   */
  async function* pagesForMeeting(userId: string, meetingId: string, size = READ_BATCH): AsyncGenerator<SegmentRow[]> {
    let last: SegmentRow | undefined;
    for (;;) {
      if (last) await nextTurn();
      const page = (await segments()
        .where('transcriptions.user_id', '=', userId)
        .where('transcriptions.meeting_id', '=', meetingId)
        .$if(last !== undefined, (query) =>
          query.where((eb) =>
            eb.or([
              eb('transcriptions.start_ms', '>', last!.start_ms),
              eb.and([eb('transcriptions.start_ms', '=', last!.start_ms), eb('transcriptions.id', '>', last!.id)]),
            ]),
          ),
        )
        .orderBy('transcriptions.start_ms')
        .orderBy('transcriptions.id')
        .limit(size)
        .execute()) as SegmentRow[];
      if (page.length > 0) yield page;
      if (page.length < size) return;
      last = page.at(-1);
    }
  }

  return {
    async pageForMeeting(userId: string, meetingId: string, { limit, offset }: { limit: number; offset: number }) {
      const [rows, count] = await Promise.all([
        segments()
          .where('transcriptions.user_id', '=', userId)
          .where('transcriptions.meeting_id', '=', meetingId)
          .orderBy('transcriptions.start_ms')
          .orderBy('transcriptions.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('transcriptions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('meeting_id', '=', meetingId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as SegmentRow[], total: Number(count.n) };
    },

    /** The segments behind a list of ids (any order), with their meeting, for one user only. */
    /**
     * A search's segments with their meetings, within its scope: the holder's rows, or everywhere those of
     * every project the caller is a member of (decision 223).
     */
    async findManyWithMeetings(scope: SearchScope, segmentIds: string[]): Promise<SegmentInMeetingRow[]> {
      if (segmentIds.length === 0) return [];
      return (await segments()
        .innerJoin('meetings', 'meetings.id', 'transcriptions.meeting_id')
        .select([
          'meetings.title as meeting_title',
          'meetings.project_id as meeting_project_id',
          'meetings.created_at as meeting_created_at',
        ])
        .where(meetingsOfScope(scope))
        .where('transcriptions.id', 'in', segmentIds)
        .where(...VISIBLE_MEETING)
        .execute()) as SegmentInMeetingRow[];
    },

    findForUser: async (userId: string, meetingId: string, id: string) =>
      (await segments()
        .where('transcriptions.user_id', '=', userId)
        .where('transcriptions.meeting_id', '=', meetingId)
        .where('transcriptions.id', '=', id)
        .executeTakeFirst()) as SegmentRow | undefined,

    async pageForPerson(
      userId: string,
      personId: string,
      opts: { limit: number; offset: number; sort: 'createdAt' | '-createdAt' | 'startTime' },
    ) {
      // The contact's segments in every project the user is a member of, whoever holds them (decision 266).
      const base = db
        .selectFrom('transcriptions')
        .innerJoin('meetings', 'meetings.id', 'transcriptions.meeting_id')
        .where(meetingsOfScope({ userId, personId }))
        .where('transcriptions.person_id', '=', personId)
        .where(...VISIBLE_MEETING);
      const ordered =
        opts.sort === 'startTime'
          ? base.orderBy('transcriptions.start_ms')
          : base
              .orderBy('transcriptions.created_at', opts.sort === '-createdAt' ? 'desc' : 'asc')
              .orderBy('transcriptions.start_ms');
      const [rows, count] = await Promise.all([
        ordered
          .leftJoin('people', 'people.id', 'transcriptions.person_id')
          .select(SEGMENT_COLUMNS)
          .select(['meetings.title as meeting_title', 'meetings.project_id as meeting_project_id'])
          .orderBy('transcriptions.id')
          .limit(opts.limit)
          .offset(opts.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as PersonSegmentRow[], total: Number(count.n) };
    },

    /**
     * Replaces a meeting's machine transcript in one statement batch: re-running a job never duplicates.
     * The search index follows in the same transaction (triggers / generated columns, and the vocabulary).
     */
    async replaceForMeeting(trx: Db, userId: string, meetingId: string, newSegments: NewSegment[]): Promise<void> {
      await trx.deleteFrom('transcriptions').where('meeting_id', '=', meetingId).execute();
      await insertSegments(
        trx,
        userId,
        meetingId,
        newSegments.map((s) => ({ ...s, personId: s.personId ?? null, isEdited: false })),
      );
    },

    pagesForMeeting,

    /** Every segment of a meeting in time order, with its person (pagesForMeeting, gathered). */
    async listAllForMeeting(userId: string, meetingId: string): Promise<SegmentRow[]> {
      const all: SegmentRow[] = [];
      for await (const page of pagesForMeeting(userId, meetingId)) all.push(...page);
      return all;
    },

    /**
     * Adds an imported transcript, page by page (lib/pages.ts), to a meeting still being imported
     * (invisible, docs/decisions/191): each statement of 100 rows is its own short transaction, a turn of
     * the event loop between, so no COMMIT holds SQLite's one thread long. The vocabulary follows the same
     * way; it is only ever added to (a word no visible segment has nominates nothing), so an import that
     * fails after it leaves no harm. `signal` stops it between statements; the caller removes what was written.
     */
    async insertImported(userId: string, meetingId: string, pages: Iterable<ImportedSegment[]>, signal?: AbortSignal) {
      const toRow = segmentRow(userId, meetingId);
      const counts = new Map<string, number>();
      for (const page of pages) {
        for (let i = 0; i < page.length; i += ROWS_A_STATEMENT) {
          await nextTurn();
          signal?.throwIfAborted();
          const batch = page.slice(i, i + ROWS_A_STATEMENT);
          await db.insertInto('transcriptions').values(batch.map(toRow)).execute();
          countWords(
            batch.map((s) => s.text),
            counts,
          );
        }
      }
      await addToVocabulary(db, userId, counts);
    },

    /** Removes a meeting's segments in short statements (an import that did not finish). */
    deleteForMeeting: (userId: string, meetingId: string) => deleteMeetingRows(db, 'transcriptions', userId, meetingId),

    /** One segment's text, in the caller's transaction (its words join the vocabulary); false: no such segment. */
    async updateText(trx: Db, userId: string, meetingId: string, id: string, text: string): Promise<boolean> {
      const result = await trx
        .updateTable('transcriptions')
        .set({ text, is_edited: 1, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await indexWords(trx, userId, [text]);
      return true;
    },

    /** Deletes one segment in the caller's transaction (its vector goes with it: foreign key). */
    async delete(trx: Db, userId: string, meetingId: string, id: string): Promise<boolean> {
      const result = await trx
        .deleteFrom('transcriptions')
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    assignSpeaker: (userId: string, meetingId: string, speaker: string, personId: string | null) =>
      setPerson(userId, meetingId, ['speaker', speaker], personId),

    /** One segment's person (null: back to its label's). */
    setSegmentPerson: async (userId: string, meetingId: string, id: string, personId: string | null) =>
      (await setPerson(userId, meetingId, ['id', id], personId)) > 0,

    /**
     * A label renamed in one meeting: its segments, and the suggestions dismissed for it (still dismissed
     * under the new name). The number of segments renamed.
     */
    async renameSpeaker(trx: Db, userId: string, meetingId: string, from: string, to: string): Promise<number> {
      const result = await trx
        .updateTable('transcriptions')
        .set({ speaker: to, updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .where('speaker', '=', from)
        .executeTakeFirst();
      await trx
        .updateTable('speaker_suggestion_dismissals')
        .set({ speaker: to })
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .where('speaker', '=', from)
        .execute();
      return Number(result.numUpdatedRows);
    },

    /** Whether any segment of the meeting is linked to the person. */
    isLinkedIn: async (userId: string, meetingId: string, personId: string) =>
      (await db
        .selectFrom('transcriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('meeting_id', '=', meetingId)
        .where('person_id', '=', personId)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    reassignPerson: (userId: string, meetingId: string, fromPersonId: string, toPersonId: string | null) =>
      setPerson(userId, meetingId, ['person_id', fromPersonId], toPersonId),
  };
}
