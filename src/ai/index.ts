/**
 * The AI layer's public API (docs/ai.md). Pure functions and one provider interface; no module, resolver
 * or database import: modules call this, it never calls them.
 */
export * from './types';
export type { AiProvider, AiLogger, AiBudget } from './provider';
export { extractTasks } from './local/extract-tasks';
export { analyzeSentiment } from './local/sentiment';
export { summarize } from './local/summary';
