import type { ProviderName } from './types';

/**
 * Which provider a deployment uses (docs/ai.md, "Providers and configuration"). A plain object, so the
 * composition root can build it from the environment (aiConfigFromEnv) and tests can write it out.
 */

/** The kind of OpenAI-compatible server: it decides the client (Azure's URL shape and key header) and quirks. */
export const SERVER_KINDS = ['openai', 'azure', 'ollama', 'vllm', 'llamacpp'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

/**
 * How the answer's JSON shape is asked for, strongest first: a JSON schema in response_format, a forced
 * tool call whose parameters are the schema, response_format json_object, or the prompt alone (plain JSON
 * in the text). The configured mode is tried first; a server that refuses it steps down (output-mode.ts).
 */
export const OUTPUT_MODES = ['json_schema', 'tools', 'json_object', 'plain'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

export interface OpenAiConfig {
  server: ServerKind;
  /** The server's base URL: ending in /v1, or Azure's resource endpoint; unset (openai only): the SDK's default. */
  baseUrl?: string;
  apiKey: string;
  /** The chat model; on Azure the deployment's name. */
  model: string;
  /** Azure only: the api-version query parameter. */
  apiVersion?: string;
  /** Per attempt; one retry follows a timeout. */
  timeoutMs: number;
  /** Speech-to-text model (on Azure its deployment); unset: transcribe() answers null. */
  transcriptionModel?: string;
  /** The first output mode tried. */
  responseFormat: OutputMode;
}

export interface AiConfig {
  provider: ProviderName;
  openai?: OpenAiConfig;
}

/** Azure OpenAI's GA inference api-version with structured outputs (json_schema needs 2024-08-01-preview or later). */
export const AZURE_API_VERSION = '2024-10-21';
/** Sent to servers that take no key (Ollama, vLLM and llama.cpp without --api-key): the SDK needs one. */
export const NO_KEY = 'no-key';

const positive = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (milliseconds)`);
  return n;
};

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/**
 * AI_PROVIDER=local|openai (default local); openai needs OPENAI_MODEL, OPENAI_API_KEY on OpenAI and Azure, and
 * OPENAI_BASE_URL on every server but OpenAI's own (a local server's kind must never send texts to OpenAI).
 */
export function aiConfigFromEnv(env: Record<string, string | undefined>): AiConfig {
  const provider = (env.AI_PROVIDER ?? 'local').trim() || 'local';
  if (provider === 'local') return { provider };
  if (provider !== 'openai') throw new Error(`AI_PROVIDER must be local or openai, not ${provider}`);
  const server = oneOf(env.OPENAI_SERVER || 'openai', SERVER_KINDS, 'OPENAI_SERVER');
  const keyed = server === 'openai' || server === 'azure';
  const apiKey = env.OPENAI_API_KEY || (keyed ? undefined : NO_KEY);
  const model = env.OPENAI_MODEL;
  if (!apiKey || !model) throw new Error(`AI_PROVIDER=openai on ${server} needs OPENAI_API_KEY and OPENAI_MODEL`);
  const baseUrl = env.OPENAI_BASE_URL || undefined;
  if (!baseUrl && server !== 'openai') throw new Error(`OPENAI_SERVER=${server} needs OPENAI_BASE_URL`);
  return {
    provider,
    openai: {
      server,
      baseUrl,
      apiKey,
      model,
      apiVersion: server === 'azure' ? env.OPENAI_API_VERSION || AZURE_API_VERSION : undefined,
      timeoutMs: positive(env.OPENAI_TIMEOUT_MS, 15_000, 'OPENAI_TIMEOUT_MS'),
      transcriptionModel: env.OPENAI_TRANSCRIPTION_MODEL || undefined,
      responseFormat: oneOf(env.OPENAI_RESPONSE_FORMAT || 'json_schema', OUTPUT_MODES, 'OPENAI_RESPONSE_FORMAT'),
    },
  };
}
