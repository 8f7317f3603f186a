import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const PROMPTS_DIR = join(import.meta.dirname, '../prompts');
const cache = new Map<string, string>();

export type PromptName =
  | 'summary-system'
  | 'summary-user'
  | 'summary-part-system'
  | 'summary-part-user'
  | 'summary-combine-user'
  | 'action-items-system'
  | 'action-items-user'
  | 'repair-user'
  | 'answer-system'
  | 'answer-user';

/** A prompt file with its `{{name}}` placeholders filled; prompts live in ai/prompts so they can be read and tuned as text. */
export function prompt(name: PromptName, values: Record<string, string | number>): string {
  let template = cache.get(name);
  if (template === undefined) {
    template = readFileSync(join(PROMPTS_DIR, `${name}.md`), 'utf8');
    cache.set(name, template);
  }
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
