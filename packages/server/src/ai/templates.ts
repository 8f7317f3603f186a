/** What a summary holds: headings, each with what its section should say (docs/decisions/143). */
export interface NotesTemplate {
  name: string;
  sections: Array<{ heading: string; instruction: string }>;
}

/** The built-in default: what summaries held before templates, and still hold without one. */
export const DEFAULT_TEMPLATE: NotesTemplate = {
  name: 'Standard notes',
  sections: [
    { heading: 'Overview', instruction: 'Two or three sentences: what the meeting was about and what came out of it.' },
    { heading: 'Key points', instruction: 'Bullets, one idea each, with who raised it.' },
    { heading: 'Decisions', instruction: 'Bullets: what was decided.' },
    { heading: 'Next steps', instruction: 'Bullets: who will do what, and by when if a date was said.' },
  ],
};
