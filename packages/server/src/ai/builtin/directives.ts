// Directives that carry no modal: the imperative ("Think about the requirements, eh?", "Well, you, work on
// a design"), the plain present addressed to a listener ("And you look at the competition") and the
// allocation ("For you it's the user requirements", "for marketing, the trend watching"). English marks
// them by word order, not by a trigger word: a clause that opens (after discourse markers and the person
// addressed) with a verb of work followed by its object or particle.

/** Verbs a task starts with: follow-up work and the general verbs of taking work on. */
export const WORK_VERBS = new Set(
  `send email mail prepare research investigate look check review finish complete draft write update schedule book
organise organize arrange contact call ring follow fix build design work make create test confirm find share
circulate distribute set order figure sort deliver submit produce report examine evaluate compile collect
develop implement plan`.split(/\s+/),
);
const TASK_VERBS = [
  ...WORK_VERBS,
  ...'think consider focus try get do take bring stay keep start decide construct read fill talk ask'.split(' '),
];

/** What follows a verb that takes an object: a determiner, a pronoun, a particle or a preposition. */
const OBJECT_START =
  'the|a|an|your|our|my|their|his|her|its|this|that|these|those|some|any|more|all|it|them|him|her|me|us|what|which|how|whether|if|on|about|at|into|in|up|out|over|through|with|to|for|together|back|here|there|off|down|around';

/**
 * The opening of a clause before its verb: discourse markers ("so", "and", "well, yes"), "please", and the
 * listener ("you", "you two") or a vocative ("Anna,"). Bounded: a few words at most.
 */
const OPENING =
  '(?:(?:so|and|well|okay|ok|now|then|yes|yeah|right|alright|please|also|just|next|first|secondly|finally|maybe|perhaps|you(?: guys| two| all| both)?)[,]?\\s+){0,8}';

export const IMPERATIVE = new RegExp(`^${OPENING}(?=(?:${TASK_VERBS.join('|')})\\s+(?:${OBJECT_START})\\b)`, 'i');

/** A closing tag ("..., eh?", "..., right?", "..., okay?") asks for agreement; the sentence is still a directive. */
export const TAG_QUESTION = /,?\s*(?:eh|right|okay|ok|yeah|alright|yes|all right|no|fine|agreed)\s*\?$/i;

/**
 * "For you it's the user requirements", "for the designer it will be the look and feel": the thing allocated
 * follows; `who` is "you" or a participant's name, matched by the caller's pattern.
 */
export const allocation = (who: string) =>
  new RegExp(
    `\\bfor\\s+(?:the\\s+|our\\s+)?(${who})[,]?\\s+(?:it(?:'s| is| will be|'ll be| would be)|that(?:'s| is)|you(?:'ll| will)? have(?: to do)?|there(?:'s| is))\\s+`,
    'gi',
  );
