import llamaTokenizer from 'llama-tokenizer-js';

/**
 * Tokens a text costs. Models differ, so this counts with Llama's tokenizer (close to most local models)
 * and adds a margin, so that a part counted as fitting also fits a model with a less thrifty vocabulary.
 */
export const TOKEN_MARGIN = 1.15;

export function countTokens(text: string): number {
  if (!text) return 0;
  // Long texts are counted a line at a time: the tokenizer's cost grows faster than linearly with length.
  let total = 0;
  for (const line of text.split('\n')) total += line ? llamaTokenizer.encode(line, false, false).length + 1 : 1;
  return Math.ceil(total * TOKEN_MARGIN);
}
