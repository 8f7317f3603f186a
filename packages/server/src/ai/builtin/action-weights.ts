// The action-item scorer: a candidate's score is the sum of the weights of what it shows (log-odds of being
// a task, from a logistic regression). The values are the ones the notes benchmark fits on all 40 AMI
// meetings of ami-notes (`npm run notes -w @parley/bench` prints them and the held-out figures, each fold
// fitted without the meetings it scores; docs/decisions/140 and 144).

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
  /** A clause opening with a verb of work: "think about the requirements", "and you look at the costs". */
  'imperative',
  /** A request asked as a question, or "you can" (often the generic you). */
  'question',
  /** Told as the listener's future ("you'll ...", "you're going to ..."). */
  'future',
  /** The task opens with a verb of follow-up work (send, prepare, check, ...). */
  'workVerb',
  /** Three or more content words in the task. */
  'substantial',
  /** "maybe", "I think", "might" near the trigger. */
  'hedge',
  /** A time frame with the task ("by Friday", "before the next meeting"). */
  'timeFrame',
  /** Said in the last tenth of the meeting, its wrap-up, when work is handed out. */
  'closing',
  /** Said between 80 % and 90 % of the meeting. */
  'late',
  /** Said between 60 % and 80 % of the meeting. */
  'midLate',
  /** The person asked answered yes. */
  'accepted',
  /** The request names who it is for. */
  'addressed',
  /** One speaker gives tasks to different people within a minute. */
  'handout',
  /** Said by whoever leads the meeting (the most words). */
  'chair',
  /** Inside a condition ("if you press it"): the generic you. */
  'conditional',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface ActionItemWeights {
  features: Record<Feature, number>;
  /** Candidates scoring below this are dropped (the log-odds cut-off less the regression's intercept). */
  minScore: number;
  /** At most this many items per hour of meeting (never fewer than two). */
  perHour: number;
}

export const DEFAULT_WEIGHTS: ActionItemWeights = {
  features: {
    commitment: -0.5,
    request: -1.14,
    assignment: 0.26,
    group: 0.27,
    obligation: -0.77,
    marker: 0,
    imperative: -0.6,
    question: -1.22,
    future: 1.07,
    workVerb: 0.81,
    substantial: 0.79,
    hedge: -0.31,
    timeFrame: -0.47,
    closing: 1.43,
    late: -0.07,
    midLate: -0.5,
    accepted: -0.16,
    addressed: 0.26,
    handout: 0.96,
    chair: 0.07,
    conditional: -0.48,
  },
  minScore: 1.5,
  perHour: 10,
};
