import type { CreatePersonRequest as CreateSchema, UpdatePersonRequest as UpdateSchema } from '@parley/contract';
import type { z } from 'zod';
import { notFound } from '../lib/errors.ts';
import { pagination, presentPerson, presentProjectPerson, presentSegment } from '../presenters/index.ts';
import type { LinkPlace, PersonFields, PersonRow, peopleRepository } from '../repositories/people.ts';
import type { transcriptionsRepository } from '../repositories/transcriptions.ts';
import type { SearchService } from './search.ts';
import type { VoicesService } from './voices.ts';

interface Deps {
  people: ReturnType<typeof peopleRepository>;
  transcriptions: ReturnType<typeof transcriptionsRepository>;
  search: SearchService;
  voices: VoicesService;
}

type ParsedUpdate = z.output<typeof UpdateSchema>;

/** Maps the API's fields (with nested socialMedia) to columns; undefined means "leave as is". */
function toColumns(input: ParsedUpdate): Partial<PersonFields> {
  const columns: Partial<PersonFields> = {};
  if (input.name !== undefined) columns.name = input.name;
  for (const key of ['email', 'phone', 'company', 'notes'] as const) {
    if (input[key] !== undefined) columns[key] = input[key] ?? null;
  }
  if (input.socialMedia === null) {
    Object.assign(columns, {
      social_linkedin: null,
      social_twitter: null,
      social_facebook: null,
      social_instagram: null,
      social_github: null,
    });
  } else if (input.socialMedia) {
    for (const network of ['linkedin', 'twitter', 'facebook', 'instagram', 'github'] as const) {
      const value = input.socialMedia[network];
      if (value !== undefined) columns[`social_${network}`] = value ?? null;
    }
  }
  return columns;
}

/** People a project's speaker picker lists at most (a contact book and the project's names). */
const LINKABLE_LISTED = 1000;

const EMPTY_PERSON: Omit<PersonFields, 'name'> = {
  email: null,
  phone: null,
  company: null,
  notes: null,
  social_linkedin: null,
  social_twitter: null,
  social_facebook: null,
  social_instagram: null,
  social_github: null,
};

export function peopleService({ people, transcriptions, search, voices }: Deps) {
  async function get(userId: string, id: string) {
    const row = await people.findForUser(userId, id);
    if (!row) throw notFound('Person');
    return row;
  }

  /** People with what their voice profiles were learned from. */
  async function present(userId: string, rows: PersonRow[]) {
    const sizes = await voices.profileSizes(
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentPerson(r, sizes.get(r.id) ?? null));
  }
  const presentOne = async (userId: string, row: PersonRow) => (await present(userId, [row]))[0]!;

  return {
    get: async (userId: string, id: string) => presentOne(userId, await get(userId, id)),
    assertOwned: async (userId: string, id: string) => void (await get(userId, id)),

    /** Who the caller may link a speaker or an action item of the project to (decision 266). */
    async linkable(place: LinkPlace) {
      const rows = await people.linkable(place, LINKABLE_LISTED);
      return { people: rows.map((row) => presentProjectPerson(row, place.callerId)) };
    },
    /** The person when the caller may link them in the project, else undefined (each caller says how it refuses). */
    findLinkable: (place: LinkPlace, id: string) => people.findLinkable(place, id),
    async assertLinkable(place: LinkPlace, id: string) {
      if (!(await people.findLinkable(place, id))) throw notFound('Person');
    },

    async list(userId: string, { page, limit }: { page: number; limit: number }) {
      const { rows, total } = await people.listForUser(userId, { limit, offset: (page - 1) * limit });
      return { people: await present(userId, rows), pagination: pagination(page, limit, total) };
    },

    async create(userId: string, input: z.output<typeof CreateSchema>) {
      const row = await people.create(userId, { ...EMPTY_PERSON, ...toColumns(input), name: input.name });
      return presentPerson(row, null);
    },

    async update(userId: string, id: string, input: ParsedUpdate) {
      if (!(await people.update(userId, id, toColumns(input)))) throw notFound('Person');
      return presentOne(userId, await get(userId, id));
    },

    /** "Forget voice": the profile goes; the person and their assigned segments stay. */
    async forgetVoice(userId: string, id: string) {
      await get(userId, id);
      await voices.forget(userId, id);
    },

    async delete(userId: string, id: string) {
      // Segments keep their speaker label and lose their person link (repositories/people.ts); the voice
      // profile (voice_samples) goes with the person by its foreign key.
      if (!(await people.delete(userId, id))) throw notFound('Person');
    },

    async transcriptions(
      userId: string,
      personId: string,
      query: { page: number; limit: number; sort: 'createdAt' | '-createdAt' | 'startTime'; search?: string },
    ) {
      // A search ranks by relevance with the engine of the other searches; otherwise the chosen order.
      if (query.search) return search.forPerson(userId, personId, { ...query, q: query.search });
      await get(userId, personId);
      const { rows, total } = await transcriptions.pageForPerson(userId, personId, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        sort: query.sort,
      });
      return {
        transcriptions: rows.map((row) => presentSegment(row, userId)),
        pagination: pagination(query.page, query.limit, total),
      };
    },
  };
}

export type PeopleService = ReturnType<typeof peopleService>;
