import OpenAI, { APIError, toFile } from 'openai';
import type { OpenAiConfig } from '../config';
import type { AiBudget, AiLogger, AiProvider } from '../provider';
import type { AiScope, AudioInput, SentimentResult, SummaryResult, TaskContext, TaskExtraction } from '../types';
import { SENTIMENT_SCHEMA, SUMMARY_SCHEMA, TASKS_SCHEMA } from './output-schemas';
import { SENTIMENT_PROMPT, SUMMARY_PROMPT, taskPrompt } from './prompts';
import { parseJson, validateSentiment, validateSummary, validateTasks } from './validate';

/**
 * The openai provider (docs/ai.md, "OpenAI-compatible server"): chat completions with structured JSON
 * output, validated before use. Each call: the organization's budget is asked first; then one attempt
 * with a timeout and one retry (none after a 429: the server asked us to slow down); on any failure the
 * local provider answers and the failure is logged. The caller always gets an answer.
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

  constructor(
    private readonly config: OpenAiConfig,
    private readonly deps: OpenAiDependencies,
  ) {
    this.transcribes = Boolean(config.transcriptionModel);
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseUrl,
      timeout: config.timeoutMs,
      maxRetries: 0,
    });
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
        const file = await toFile(audio.data, audio.fileName, audio.mimeType ? { type: audio.mimeType } : undefined);
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
    const response_format =
      this.config.responseFormat === 'json_schema'
        ? ({ type: 'json_schema', json_schema: { name, schema, strict: true } } as const)
        : ({ type: 'json_object' } as const);
    const completion = await this.client.chat.completions.create({
      model: this.config.model,
      temperature: 0,
      response_format,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: text },
      ],
    });
    return parseJson(completion.choices[0]?.message?.content);
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
        if (error instanceof APIError && error.status === 429) break;
      }
    }
    this.deps.logger.warn(
      { operation, organizationId, attempts: reasons.length, reasons },
      'OpenAI call failed: local provider answers',
    );
    return fallback();
  }
}
