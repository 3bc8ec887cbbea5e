import type { ProviderName } from './types';

/**
 * Which provider a deployment uses (docs/ai.md, "Configuration"). A plain object, so the composition root
 * can build it from the environment (aiConfigFromEnv) and tests can write it out.
 */
export interface OpenAiConfig {
  /** Any OpenAI-compatible server's base URL (ending in /v1); unset: the SDK's default. */
  baseUrl?: string;
  apiKey: string;
  model: string;
  /** Per attempt; one retry follows a timeout. */
  timeoutMs: number;
  /** Speech-to-text model; unset: transcribe() answers null. */
  transcriptionModel?: string;
  /** json_schema (strict structured output) or json_object, for servers without json_schema support. */
  responseFormat: 'json_schema' | 'json_object';
}

export interface AiConfig {
  provider: ProviderName;
  openai?: OpenAiConfig;
}

const positive = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (milliseconds)`);
  return n;
};

/** AI_PROVIDER=local|openai (default local); openai needs OPENAI_API_KEY and OPENAI_MODEL. */
export function aiConfigFromEnv(env: Record<string, string | undefined>): AiConfig {
  const provider = (env.AI_PROVIDER ?? 'local').trim() || 'local';
  if (provider === 'local') return { provider };
  if (provider !== 'openai') throw new Error(`AI_PROVIDER must be local or openai, not ${provider}`);
  const apiKey = env.OPENAI_API_KEY;
  const model = env.OPENAI_MODEL;
  if (!apiKey || !model) throw new Error('AI_PROVIDER=openai needs OPENAI_API_KEY and OPENAI_MODEL');
  const responseFormat = env.OPENAI_RESPONSE_FORMAT ?? 'json_schema';
  if (responseFormat !== 'json_schema' && responseFormat !== 'json_object')
    throw new Error('OPENAI_RESPONSE_FORMAT must be json_schema or json_object');
  return {
    provider,
    openai: {
      baseUrl: env.OPENAI_BASE_URL || undefined,
      apiKey,
      model,
      timeoutMs: positive(env.OPENAI_TIMEOUT_MS, 15_000, 'OPENAI_TIMEOUT_MS'),
      transcriptionModel: env.OPENAI_TRANSCRIPTION_MODEL || undefined,
      responseFormat,
    },
  };
}
