import type { AiProvider } from '../provider';
import type { SentimentResult, SummaryResult, TaskContext, TaskExtraction } from '../types';
import { extractTasks } from './extract-tasks';
import { analyzeSentiment } from './sentiment';
import { summarize } from './summary';

/** The default provider: offline, deterministic, no budget (docs/ai.md, "Local provider rules"). */
export class LocalAiProvider implements AiProvider {
  readonly name = 'local' as const;
  readonly transcribes = false;

  async extractTasks(text: string, context: TaskContext): Promise<TaskExtraction> {
    return { provider: 'local', tasks: extractTasks(text, context) };
  }

  async analyzeSentiment(text: string): Promise<SentimentResult> {
    return { provider: 'local', ...analyzeSentiment(text) };
  }

  async summarize(text: string): Promise<SummaryResult> {
    return { provider: 'local', summary: summarize(text) };
  }

  /** No speech model offline. */
  async transcribe(): Promise<string | null> {
    return null;
  }
}
