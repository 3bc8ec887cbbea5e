import type OpenAI from 'openai';
import type { APIError } from 'openai';
import { OUTPUT_MODES, type OpenAiConfig, type OutputMode } from '../config';
import type { AiBudget, AiLogger, AiProvider } from '../provider';
import type { AiScope, AudioInput, SentimentResult, SummaryResult, TaskContext, TaskExtraction } from '../types';
import { SENTIMENT_SCHEMA, SUMMARY_SCHEMA, TASKS_SCHEMA } from './output-schemas';
import { SENTIMENT_PROMPT, SUMMARY_PROMPT, taskPrompt } from './prompts';
import { chatClient, openaiSdk } from './chat-client';
import { answerOf, modeParams, refusesMode } from './output-mode';
import { validateSentiment, validateSummary, validateTasks } from './validate';

/**
 * The openai provider (docs/ai.md, "Providers and configuration"): chat completions with structured JSON
 * output on OpenAI, Azure OpenAI, Ollama, vLLM or llama.cpp, validated before use. Each call: the
 * organization's budget is asked first; then one attempt with a timeout and one retry (none after a 4xx
 * but 408: the server would refuse it again, or asked us to slow down); a server that refuses the output
 * mode is asked again in the next mode, which then stays; on any failure the local provider answers and
 * the failure is logged. The caller always gets an answer.
 */
export interface OpenAiDependencies {
  logger: AiLogger;
  budget?: AiBudget;
  fallback: AiProvider;
}

const ATTEMPTS = 2;

export class OpenAiProvider implements AiProvider {
  readonly name = 'openai' as const;
  readonly transcribes: boolean;
  private readonly client: OpenAI;
  /** Index in OUTPUT_MODES of the mode asked for: the configured one, lowered when the server refuses it. */
  private mode: number;

  constructor(
    private readonly config: OpenAiConfig,
    private readonly deps: OpenAiDependencies,
  ) {
    this.transcribes = Boolean(config.transcriptionModel);
    this.client = chatClient(config);
    this.mode = OUTPUT_MODES.indexOf(config.responseFormat);
  }

  /** The output mode the next call starts with. */
  get outputMode(): OutputMode {
    return OUTPUT_MODES[this.mode];
  }

  extractTasks(text: string, context: TaskContext): Promise<TaskExtraction> {
    return this.withFallback(
      'extractTasks',
      context,
      async () => ({
        provider: 'openai',
        tasks: validateTasks(await this.complete(taskPrompt(context), text, 'tasks', TASKS_SCHEMA), context),
      }),
      () => this.deps.fallback.extractTasks(text, context),
    );
  }

  analyzeSentiment(text: string, scope: AiScope): Promise<SentimentResult> {
    return this.withFallback(
      'analyzeSentiment',
      scope,
      async () => ({
        provider: 'openai',
        cues: [],
        ...validateSentiment(await this.complete(SENTIMENT_PROMPT, text, 'sentiment', SENTIMENT_SCHEMA)),
      }),
      () => this.deps.fallback.analyzeSentiment(text, scope),
    );
  }

  summarize(text: string, scope: AiScope): Promise<SummaryResult> {
    return this.withFallback(
      'summarize',
      scope,
      async () => ({
        provider: 'openai',
        summary: validateSummary(await this.complete(SUMMARY_PROMPT, text, 'summary', SUMMARY_SCHEMA)),
      }),
      () => this.deps.fallback.summarize(text, scope),
    );
  }

  /** Speech to text with OPENAI_TRANSCRIPTION_MODEL; null when none is set or the call fails. */
  transcribe(audio: AudioInput, scope: AiScope): Promise<string | null> {
    const model = this.config.transcriptionModel;
    if (!model) return Promise.resolve(null);
    return this.withFallback(
      'transcribe',
      scope,
      async () => {
        const file = await openaiSdk().toFile(
          audio.data,
          audio.fileName,
          audio.mimeType ? { type: audio.mimeType } : undefined,
        );
        const result = await this.client.audio.transcriptions.create({ file, model });
        if (typeof result.text !== 'string') throw new Error('transcription without text');
        return result.text;
      },
      async () => null,
    );
  }

  private async complete(
    system: string,
    text: string,
    name: string,
    schema: Record<string, unknown>,
  ): Promise<unknown> {
    for (;;) {
      const mode = this.outputMode;
      try {
        const completion = await this.client.chat.completions.create({
          model: this.config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: text },
          ],
          ...modeParams(mode, this.config.server, { name, schema }),
        });
        return answerOf(completion, mode);
      } catch (error) {
        if (!refusesMode(error, mode) || !this.stepDown(mode, error as APIError)) throw error;
      }
    }
  }

  /** The server refused `from`: the next mode, for this call and the ones after it. False when none is left. */
  private stepDown(from: OutputMode, error: APIError): boolean {
    const next = OUTPUT_MODES.indexOf(from) + 1;
    if (next >= OUTPUT_MODES.length) return false;
    if (next > this.mode) {
      this.mode = next;
      this.deps.logger.warn(
        { server: this.config.server, refused: from, now: OUTPUT_MODES[next], reason: error.message },
        'AI server refused the output mode: the next one is used from now on',
      );
    }
    return true;
  }

  private async withFallback<T>(
    operation: string,
    scope: AiScope,
    call: () => Promise<T>,
    fallback: () => Promise<T>,
  ): Promise<T> {
    const organizationId = scope.organizationId;
    if (this.deps.budget && !(await this.deps.budget.allow(organizationId))) {
      this.deps.logger.warn(
        { operation, organizationId },
        'AI budget of the organization used up this month: local provider answers',
      );
      return fallback();
    }
    const reasons: string[] = [];
    while (reasons.length < ATTEMPTS) {
      try {
        return await call();
      } catch (error) {
        reasons.push(error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error));
        if (error instanceof openaiSdk().APIError && error.status && error.status < 500 && error.status !== 408) break;
      }
    }
    this.deps.logger.warn(
      { operation, organizationId, attempts: reasons.length, reasons },
      'OpenAI call failed: local provider answers',
    );
    return fallback();
  }
}
