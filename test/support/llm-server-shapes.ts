import type { OutputMode, ServerKind } from '../../src/ai/config';
import { json, type Reply } from './fake-openai-server';

/**
 * Each server kind's documented chat-completions answers and its refusals of an output mode it cannot do
 * (docs/ai.md, "Server kinds"). Sources: OpenAI's and Azure OpenAI's API references and their reported
 * 400s, Ollama's OpenAI compatibility page and openai.go (errors as {"error": {"message", "type", ...}}),
 * vLLM's ErrorResponse (flat before its OpenAI-shaped errors, nested since), llama.cpp server's README and
 * server-common.cpp (errors as {"error": {"code", "message", "type"}}).
 */
export interface ServerShape {
  /** A completion whose text is `content`. */
  text(content: string): Reply;
  /** A completion that calls the function `name` with `args` (a JSON string, as the server sends it). */
  toolCall(name: string, args: string): Reply;
  /** The server's error when it cannot do the mode, for the modes it documents one for. */
  refusals: Partial<Record<OutputMode, Reply>>;
}

interface Extras {
  /** Top-level fields the server adds to a completion. */
  top?: Record<string, unknown>;
  /** Fields it adds to a choice. */
  choice?: Record<string, unknown>;
  /** What it puts in `content` beside a tool call. */
  toolContent: string | null;
}

const error =
  (status: number, body: unknown): Reply =>
  (res) =>
    json(res, status, body);

function shape(extras: Extras, refusals: ServerShape['refusals']): ServerShape {
  const completion = (message: Record<string, unknown>, finish: string): Reply =>
    error(200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_764_000_000,
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish, ...extras.choice }],
      usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
      ...extras.top,
    });
  return {
    text: (content) => completion({ content }, 'stop'),
    toolCall: (name, args) =>
      completion(
        {
          content: extras.toolContent,
          tool_calls: [{ id: 'call_fake1', type: 'function', function: { name, arguments: args } }],
        },
        'tool_calls',
      ),
    refusals,
  };
}

const openAiError = (message: string, param: string | null) =>
  error(400, { error: { message, type: 'invalid_request_error', param, code: null } });

export const SHAPES: Record<ServerKind, ServerShape> = {
  openai: shape(
    { top: { system_fingerprint: 'fp_fake' }, toolContent: null },
    {
      json_schema: openAiError(
        "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
        'response_format',
      ),
      json_object: openAiError(
        "Invalid parameter: 'response_format' of type 'json_object' is not supported with this model.",
        'response_format',
      ),
    },
  ),
  azure: shape(
    {
      top: { prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] },
      choice: { content_filter_results: {} },
      toolContent: null,
    },
    {
      // An api-version older than 2024-08-01-preview.
      json_schema: error(400, {
        error: {
          message: 'response_format value as json_schema is enabled only for api versions 2024-08-01-preview and later',
          type: '',
          param: '',
          code: 'BadRequest',
        },
      }),
    },
  ),
  ollama: shape(
    { top: { system_fingerprint: 'fp_ollama' }, toolContent: '' },
    {
      tools: error(400, {
        error: { message: 'gemma2:2b does not support tools', type: 'invalid_request_error', param: null, code: null },
      }),
    },
  ),
  vllm: shape(
    { top: { prompt_logprobs: null }, choice: { logprobs: null, stop_reason: null }, toolContent: null },
    {
      // vLLM 0.5: flat errors, no json_schema response format and no tools.
      json_schema: error(400, {
        object: 'error',
        message: "1 validation error: ('body', 'response_format', 'type') Input should be 'text' or 'json_object'",
        type: 'BadRequestError',
        param: null,
        code: 400,
      }),
      tools: error(400, {
        object: 'error',
        message: "1 validation error: ('body', 'tools') Extra inputs are not permitted",
        type: 'BadRequestError',
        param: null,
        code: 400,
      }),
    },
  ),
  llamacpp: shape(
    {
      top: { timings: { prompt_n: 120, prompt_ms: 80.5, predicted_n: 40, predicted_ms: 700.2 } },
      toolContent: null,
    },
    {
      // Builds before json_schema was read, and a server started without --jinja.
      json_schema: error(400, {
        error: {
          code: 400,
          message: 'response_format type must be one of "text" or "json_object", but got: json_schema',
          type: 'invalid_request_error',
        },
      }),
      tools: error(500, { error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } }),
    },
  ),
};
