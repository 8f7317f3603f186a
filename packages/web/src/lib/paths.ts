/**
 * Screens linked from more than one feature and the shell. A constant here rather than in the feature's
 * index, so the shell's menu does not pull the whole feature into its chunk.
 */
export const SUMMARY_TEMPLATES_PATH = '/summary-templates';
