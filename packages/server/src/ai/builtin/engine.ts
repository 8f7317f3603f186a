import type { AiEngine } from '../types.ts';
import { extractActionItems } from './action-items.ts';
import { buildSummary } from './summary.ts';

/**
 * The default engine: offline, algorithmic, no model download. No instruction-following model ships in
 * npm or Debian, so it extracts rather than writes (docs/decisions/050-builtin-notes-engine.md).
 */
export function builtinEngine(): AiEngine {
  return {
    name: 'builtin',
    async *streamSummary(input, { signal }) {
      signal.throwIfAborted();
      const markdown = buildSummary(input, extractActionItems(input));
      // Sent a section line at a time, so the page fills in the same way as with a model.
      for (const line of markdown.split(/(?<=\n)/)) {
        signal.throwIfAborted();
        yield line;
      }
    },
    async extractActionItems(input, { signal, onProgress }) {
      signal.throwIfAborted();
      const items = extractActionItems(input);
      onProgress?.(1);
      return items;
    },
  };
}
