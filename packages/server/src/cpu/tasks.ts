// The tasks the CPU worker threads run, by name. Each loads its module on first use, so a thread only
// holds the code it has been asked to run.

import type { ExportFormat } from '@parley/contract';
import type { NotesInput } from '../ai/types.ts';
import type { MeetingDocument, RenderOptions } from '../exports/document.ts';
import type { Pages } from '../lib/pages.ts';
import type { SuggestInput } from '../voices/suggest.ts';

/** A meeting document whose segments and items come as pages. */
export type PagedDocument = Omit<MeetingDocument, 'segments' | 'actionItems'> & {
  segments: Pages<MeetingDocument['segments'][number]>;
  actionItems: Pages<MeetingDocument['actionItems'][number]>;
};

export const cpuTasks = {
  /** The builtin engine's summary; its "Next steps" come from the action items found on the way. */
  async builtinSummary(input: NotesInput) {
    const [{ buildSummary }, { extractActionItems }] = await Promise.all([
      import('../ai/builtin/summary.ts'),
      import('../ai/builtin/action-items.ts'),
    ]);
    return buildSummary(input, extractActionItems(input));
  },

  async builtinActionItems(input: NotesInput) {
    const { extractActionItems } = await import('../ai/builtin/action-items.ts');
    return extractActionItems(input);
  },

  /**
   * Every export format: a long meeting's Word document takes seconds, its text formats a while. The
   * segments and items come paged (lib/pages.ts): made a page a turn on the main thread.
   */
  async renderExport(args: { format: ExportFormat; document: PagedDocument; options: RenderOptions }) {
    const [{ renderExport }, { readAll }] = await Promise.all([
      import('../exports/render.ts'),
      import('../lib/pages.ts'),
    ]);
    const { segments, actionItems, ...meeting } = args.document;
    const document = { ...meeting, segments: readAll(segments), actionItems: readAll(actionItems) };
    return renderExport(args.format, document, args.options);
  },

  /**
   * A file that is not a transcript is an answer (the line and reason), not a failure of the thread. The
   * transcript comes back paged (imports/paged.ts), so the main thread never reads it all in one turn.
   */
  async parseTranscript({ fileName, text }: { fileName: string; text: string }) {
    const [{ parseTranscript, TranscriptFormatError }, { pagedTranscript }] = await Promise.all([
      import('../imports/parse.ts'),
      import('../imports/paged.ts'),
    ]);
    try {
      return { ok: true as const, transcript: pagedTranscript(parseTranscript(fileName, text)) };
    } catch (error) {
      if (error instanceof TranscriptFormatError) return { ok: false as const, message: error.message };
      throw error;
    }
  },

  /** Names for a meeting's speaker labels: every label's voice against every profile, and the names said. */
  async suggestSpeakers(input: SuggestInput) {
    const { suggestSpeakers } = await import('../voices/suggest.ts');
    return suggestSpeakers(input);
  },
};

export type CpuTasks = typeof cpuTasks;
export type CpuTaskName = keyof CpuTasks;
