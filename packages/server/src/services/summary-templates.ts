import { DEFAULT_SUMMARY_TEMPLATE_ID, type SummaryTemplate, type SummaryTemplateRequest } from '@parley/contract';
import type { z } from 'zod';
import { DEFAULT_TEMPLATE, type NotesTemplate } from '../ai/templates.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import type { SummaryTemplateRow, SummaryTemplatesRepository } from '../repositories/summary-templates.ts';

/** More than anyone keeps; a bound on what one account can store. */
const MAX_TEMPLATES = 100;

const presentBuiltIn = (): SummaryTemplate => ({
  _id: DEFAULT_SUMMARY_TEMPLATE_ID,
  name: DEFAULT_TEMPLATE.name,
  sections: DEFAULT_TEMPLATE.sections,
  builtIn: true,
  createdAt: null,
  updatedAt: null,
});

const present = (row: SummaryTemplateRow): SummaryTemplate => ({
  _id: row.id,
  name: row.name,
  sections: JSON.parse(row.sections) as SummaryTemplate['sections'],
  builtIn: false,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

type Fields = z.output<typeof SummaryTemplateRequest>;

export function summaryTemplatesService({ templates }: { templates: SummaryTemplatesRepository }) {
  async function get(userId: string, id: string) {
    const row = await templates.findForUser(userId, id);
    if (!row) throw notFound('Summary template');
    return row;
  }
  const refuseBuiltIn = (id: string) => {
    if (id === DEFAULT_SUMMARY_TEMPLATE_ID) throw badRequest('The built-in template cannot be changed');
  };

  return {
    /** The built-in default first, then the user's own by name. */
    async list(userId: string) {
      return { templates: [presentBuiltIn(), ...(await templates.listForUser(userId)).map(present)] };
    },

    async create(userId: string, fields: Fields) {
      if ((await templates.countForUser(userId)) >= MAX_TEMPLATES) {
        throw conflict(`You can keep at most ${MAX_TEMPLATES} summary templates`);
      }
      return present(await get(userId, await templates.create(userId, fields)));
    },

    async update(userId: string, id: string, fields: Fields) {
      refuseBuiltIn(id);
      if (!(await templates.update(userId, id, fields))) throw notFound('Summary template');
      return present(await get(userId, id));
    },

    async delete(userId: string, id: string) {
      refuseBuiltIn(id);
      if (!(await templates.delete(userId, id))) throw notFound('Summary template');
    },

    /** Checks a template is the caller's before a project takes it as its default (null: the built-in one). */
    async assertUsable(userId: string, id: string | null) {
      if (id !== null && id !== DEFAULT_SUMMARY_TEMPLATE_ID) await get(userId, id);
    },

    /**
     * The template a generation follows: the one asked for, among the caller's own (templates are
     * personal: another user's is a 404, as if it did not exist), else the project's default, whoever's
     * (an owner of the project chose it for everyone in it, issue 37), else the built-in one.
     */
    async resolve(
      callerId: string,
      requested: string | undefined,
      projectDefault: string | null,
    ): Promise<NotesTemplate> {
      const id = requested ?? projectDefault;
      if (!id || id === DEFAULT_SUMMARY_TEMPLATE_ID) return DEFAULT_TEMPLATE;
      const row = requested ? await get(callerId, id) : await templates.findById(id);
      return row ? { name: row.name, sections: present(row).sections } : DEFAULT_TEMPLATE;
    },
  };
}

export type SummaryTemplatesService = ReturnType<typeof summaryTemplatesService>;
