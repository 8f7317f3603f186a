import type { Config } from '../config.ts';
import { type BuiltinTaskRunner, builtinEngine } from './builtin/engine.ts';
import { openAiEngine } from './openai/engine.ts';
import type { AiEngine } from './types.ts';

export { NOTHING_FOUND } from './builtin/answer.ts';
export type { AiEngine } from './types.ts';
export { AiEngineError } from './types.ts';

export function createAiEngine(config: Config['ai'], cpu: BuiltinTaskRunner): AiEngine {
  return config.engine === 'openai' ? openAiEngine(config) : builtinEngine(cpu);
}
