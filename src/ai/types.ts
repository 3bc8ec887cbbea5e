/**
 * The AI layer's data shapes (docs/ai.md). Everything here is plain data: the AI functions are pure
 * functions of their input (text, dates, team, history) and know no entity, resolver or database.
 */
export type Priority = 'low' | 'medium' | 'high';
export type SentimentLabel = 'positive' | 'neutral' | 'negative';
export type ProviderName = 'local' | 'openai';
/** What the text is; a dialogue (call transcript) changes who "I" and "you" are. */
export type TextKind = 'voice_memo' | 'call_transcript' | 'email' | 'sms' | 'meeting_notes' | 'note';

export interface TeamMember {
  id: string;
  firstName: string;
  lastName: string;
  email?: string | null;
}

/** Everything task extraction needs besides the text itself. */
export interface TaskContext {
  organizationId: string;
  /** When the text was written or recorded: "tomorrow" and "by Thursday" are resolved against it. */
  referenceInstant: Date | string;
  /** The organization's IANA timezone (e.g. America/Chicago): the calendar day of the reference instant. */
  timezone: string;
  team: TeamMember[];
  /** Owner of a task that names no one to act: the memo's author or the contact's owner. */
  defaultOwnerId: string;
  contactName?: string | null;
  companyName?: string | null;
  kind?: TextKind;
}

export interface ExtractedTask {
  /** Action and its object, e.g. "Send revised quote to Hendricks". */
  title: string;
  priority: Priority;
  /** Suggested due date (YYYY-MM-DD, the organization's calendar), or null when the text gives no time. */
  dueDate: string | null;
  /** Recommended owner: a team member named as the one to act, else the default owner. */
  ownerId: string;
  /** The sentence the task comes from, as it stands in the (normalised) text. */
  source: string;
  /** The clause of that sentence that holds the action. */
  clause: string;
  /** Why: the cue words behind the task, its owner, due date and priority. */
  explanation: string;
}

export interface TaskExtraction {
  provider: ProviderName;
  tasks: ExtractedTask[];
}

export interface SentimentResult {
  provider: ProviderName;
  label: SentimentLabel;
  /** -1 (most negative) .. 1 (most positive). */
  score: number;
  /** Domain phrases that moved the score (e.g. "won't start"). */
  cues: string[];
}

export interface SummaryResult {
  provider: ProviderName;
  summary: string;
}

export interface AudioInput {
  data: Uint8Array;
  fileName: string;
  mimeType?: string;
}

/** The tenant a call is made for: the OpenAI provider's monthly budget is per organization. */
export interface AiScope {
  organizationId: string;
}
