// The action-item scorer: a candidate's score is the sum of the weights of what it shows. The values are
// the ones the notes benchmark's cross-validation picks when fitted on all 40 AMI meetings of ami-notes
// (`npm run notes -w @parley/bench` prints them and the held-out figures; docs/decisions/140).

export const FEATURES = [
  /** "I'll send ...", "I'm going to ...". */
  'commitment',
  /** "can you ...", "please ...", "you'll ...". */
  'request',
  /** A named person's part: "Anna will ...", "ask Anna to ...". */
  'assignment',
  /** Several people at once: "you two will ...". */
  'group',
  /** "we need to ...", "let's ...". */
  'obligation',
  /** "action item: ...", "follow up on ...". */
  'marker',
  /** A request asked as a question, or "you can" (often the generic you). */
  'question',
  /** The task opens with a verb of follow-up work (send, prepare, check, ...). */
  'workVerb',
  /** Three or more content words in the task. */
  'substantial',
  /** "maybe", "I think", "might" near the trigger. */
  'hedge',
  /** A time frame with the task ("by Friday", "before the next meeting"). */
  'timeFrame',
  /** Said in the last fifth of the meeting, when work is handed out. */
  'late',
  /** Said between 60 % and 80 % of the meeting. */
  'midLate',
  /** The person asked answered yes. */
  'accepted',
  /** The request names who it is for. */
  'addressed',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface ActionItemWeights {
  features: Record<Feature, number>;
  /** Candidates scoring below this are dropped. */
  minScore: number;
  /** At most this many items per hour of meeting (never fewer than two). */
  perHour: number;
}

export const DEFAULT_WEIGHTS: ActionItemWeights = {
  features: {
    commitment: 1,
    request: 0.75,
    assignment: 1.5,
    group: 1.5,
    obligation: 0.25,
    marker: 2,
    question: -0.5,
    workVerb: 0.25,
    substantial: 0.5,
    hedge: -0.25,
    timeFrame: 0.25,
    late: 1.25,
    midLate: -1.5,
    accepted: 0.5,
    addressed: 0.5,
  },
  minScore: 2.5,
  perHour: 10,
};
