import type {
  AiScope,
  AudioInput,
  SentimentResult,
  SummaryResult,
  TaskContext,
  TaskExtraction,
  ProviderName,
} from './types';

/** The one AI interface modules call (docs/ai.md). Implementations: local (default, offline) and openai. */
export interface AiProvider {
  readonly name: ProviderName;
  /** Whether transcribe() can answer a transcript (local: never; openai: with OPENAI_TRANSCRIPTION_MODEL). */
  readonly transcribes: boolean;
  extractTasks(text: string, context: TaskContext): Promise<TaskExtraction>;
  analyzeSentiment(text: string, scope: AiScope): Promise<SentimentResult>;
  summarize(text: string, scope: AiScope): Promise<SummaryResult>;
  /** The audio's transcript, or null when this provider cannot transcribe. */
  transcribe(audio: AudioInput, scope: AiScope): Promise<string | null>;
}

/** pino's Logger fits this shape; tests pass a recorder. */
export interface AiLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

/** The caller's per-organization monthly call budget (the counting lives outside src/ai). */
export interface AiBudget {
  allow(organizationId: string): Promise<boolean>;
}
