import type { AiConfig } from './config';
import { LocalAiProvider } from './local/local-provider';
import { OpenAiProvider } from './openai/openai-provider';
import type { AiBudget, AiLogger, AiProvider } from './provider';

export interface AiDependencies {
  logger: AiLogger;
  /** Per-organization monthly call budget of the openai provider; absent: unlimited. */
  budget?: AiBudget;
}

/** The deployment's provider: local unless the config says openai (which falls back to local). */
export function createAiProvider(config: AiConfig, deps: AiDependencies): AiProvider {
  const local = new LocalAiProvider();
  if (config.provider === 'local') return local;
  if (!config.openai) throw new Error('AI provider openai needs its openai settings');
  return new OpenAiProvider(config.openai, { logger: deps.logger, budget: deps.budget, fallback: local });
}
