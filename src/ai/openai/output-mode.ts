import { openaiSdk } from './chat-client';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { OutputMode, ServerKind } from '../config';
import { parseJson } from './validate';

/**
 * The output modes of docs/ai.md ("Output modes"): what each adds to a chat-completions request, where
 * each finds the answer, and which refusal of a server means "this server cannot do this mode".
 */
export interface AnswerShape {
  name: string;
  schema: Record<string, unknown>;
}

type ModeParams = Pick<ChatCompletionCreateParamsNonStreaming, 'response_format' | 'tools' | 'tool_choice'>;

export function modeParams(mode: OutputMode, server: ServerKind, shape: AnswerShape): ModeParams {
  switch (mode) {
    case 'json_schema':
      return {
        response_format: { type: 'json_schema', json_schema: { name: shape.name, schema: shape.schema, strict: true } },
      };
    case 'tools':
      return {
        tools: [
          {
            type: 'function',
            function: {
              name: shape.name,
              description: `Record the ${shape.name}.`,
              parameters: shape.schema,
              strict: true,
            },
          },
        ],
        // llama.cpp reads tool_choice as a string only (a named one silently becomes "auto"); with one tool,
        // "required" names it. The others take the named form (vLLM needs no tool parser for it; Ollama ignores it).
        tool_choice: server === 'llamacpp' ? 'required' : { type: 'function', function: { name: shape.name } },
      };
    case 'json_object':
      return { response_format: { type: 'json_object' } };
    case 'plain':
      return {};
  }
}

/** The answer's JSON: a tool call's arguments (a string, or an object as some Ollama models send), else the text. */
export function answerOf(completion: ChatCompletion, mode: OutputMode): unknown {
  const message = completion.choices[0]?.message;
  const call = mode === 'tools' ? message?.tool_calls?.find((c) => c.type === 'function') : undefined;
  if (call) {
    const args = call.function.arguments as unknown;
    return typeof args === 'string' ? parseJson(args) : args;
  }
  return parseJson(message?.content);
}

/** The parameter each mode adds, as servers name it when they refuse it. */
const NAMED: Record<OutputMode, RegExp | null> = {
  json_schema: /response_format|json.?schema/i,
  tools: /tool/i,
  json_object: /response_format|json_object/i,
  plain: null,
};

/**
 * The server refused the mode itself: a 400 or 422 (llama.cpp without --jinja: a 500) whose message or
 * param names the mode's parameter. Any other error (a context too long, a bad key) is no reason to step down.
 */
export function refusesMode(error: unknown, mode: OutputMode): boolean {
  const named = NAMED[mode];
  if (!named || !(error instanceof openaiSdk().APIError) || ![400, 422, 500].includes(error.status ?? 0)) return false;
  return named.test(`${error.message} ${error.param ?? ''}`);
}
