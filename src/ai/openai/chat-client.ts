import type OpenAI from 'openai';
import { onFirstUse } from '../../lib/on-first-use';
import type { OpenAiConfig } from '../config';

/** The SDK, loaded when the first client is made (docs/decisions.md, "Heavy packages on first use"). */
export const openaiSdk = onFirstUse('openai');

/**
 * The SDK client for the configured server kind (docs/ai.md, "Server kinds"). Azure OpenAI takes the
 * SDK's AzureOpenAI client: the deployment's path (/openai/deployments/<model>/...), the api-version query
 * parameter and the `api-key` header. Every other kind is the plain client on OPENAI_BASE_URL. The SDK
 * never retries (the provider does) and its base URL never comes from the SDK's own environment variables.
 */
export function chatClient(config: OpenAiConfig): OpenAI {
  const common = {
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: 0,
    ...(config.server === 'vllm' ? { fetch: nestFlatErrors } : {}),
  };
  const { default: Plain, AzureOpenAI } = openaiSdk();
  if (config.server !== 'azure') return new Plain({ ...common, baseURL: config.baseUrl });
  const endpoint = (config.baseUrl ?? '').replace(/\/+$/, '').replace(/\/openai$/, '');
  // No `deployment` option: the SDK takes each request's model as its deployment, so transcription reaches
  // OPENAI_TRANSCRIPTION_MODEL's deployment, not the chat model's.
  return new AzureOpenAI({ ...common, baseURL: `${endpoint}/openai`, apiVersion: config.apiVersion });
}

/**
 * vLLM (only) before its OpenAI-shaped errors answered {"object": "error", "message", "type", "param", "code"} at
 * the top level; the SDK reads only body.error, so such a message was lost. This fetch nests it.
 */
async function nestFlatErrors(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.ok || !response.headers.get('content-type')?.includes('json')) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const flat =
    typeof body === 'object' &&
    body !== null &&
    !('error' in body) &&
    typeof (body as { message?: unknown }).message === 'string';
  return new Response(flat ? JSON.stringify({ error: body }) : text, {
    status: response.status,
    statusText: response.statusText,
    headers: { 'content-type': 'application/json' },
  });
}
