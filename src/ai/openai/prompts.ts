import type { TaskContext } from '../types';
import { localMoment } from '../local/calendar';

/** The instructions sent to the model; the answer's JSON shape is in output-schemas.ts. */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function taskPrompt(context: TaskContext): string {
  const now = localMoment(context.referenceInstant, context.timezone);
  const team = context.team
    .map((m) => `- ${m.id}: ${m.firstName} ${m.lastName}${m.email ? ` <${m.email}>` : ''}`)
    .join('\n');
  return [
    'You extract action items from a text of an equipment-rental business (a voice memo, call transcript, email, SMS or meeting notes).',
    `The text was written on ${WEEKDAYS[now.weekday]} ${now.day} (timezone ${context.timezone}). Resolve relative dates against that day.`,
    'Rules:',
    '- One task per distinct action the team must do. A text with no action (a thank-you, an FYI, "no action needed") has no tasks.',
    "- A customer's own plans and requests the team made of the customer are not tasks.",
    '- title: the action and its object, imperative, at most 12 words (e.g. "Send revised quote to Hendricks").',
    '- dueDate: YYYY-MM-DD only when the text gives a time ("by Thursday", "tomorrow", "the 28th"); "before X" is the day before X; otherwise null.',
    '- priority: high for urgency words or due today/tomorrow; low for "no rush", "when you get a chance" or due in more than 14 days; else medium.',
    `- ownerId: the id of the team member named as the one to act; otherwise the default owner ${context.defaultOwnerId}.`,
    '- source: the sentence of the text the task comes from, copied exactly. explanation: the cue words, briefly.',
    context.contactName || context.companyName
      ? `The customer: ${[context.contactName, context.companyName].filter(Boolean).join(', ')}.`
      : '',
    `Team (id: name):\n${team}`,
    'Answer with JSON only: {"tasks": [{"title", "priority", "dueDate", "ownerId", "source", "explanation"}]}.',
  ]
    .filter(Boolean)
    .join('\n');
}

export const SENTIMENT_PROMPT = [
  'You rate the sentiment of a message to or from an equipment-rental business, as the business would read it:',
  'complaints, breakdowns, damage, late deliveries and billing disputes are negative even when politely worded;',
  'courtesy words alone ("please", "thanks") do not make a message positive.',
  'Answer with JSON only: {"label": "positive" | "neutral" | "negative", "score": number from -1 to 1}.',
].join('\n');

export const SUMMARY_PROMPT = [
  'Summarise the message in at most two sentences for a CRM activity log: who wants what, by when, and any problem.',
  'Answer with JSON only: {"summary": string}.',
].join('\n');
