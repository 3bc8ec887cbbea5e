/**
 * JSON Schemas of the model's answers (OpenAI structured outputs, strict mode: every property required,
 * no others). The answers are validated again by hand (validate.ts): a server may ignore the schema.
 */
const strict = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

export const TASKS_SCHEMA = strict({
  tasks: {
    type: 'array',
    items: strict({
      title: { type: 'string' },
      priority: { type: 'string', enum: ['low', 'medium', 'high'] },
      dueDate: { type: ['string', 'null'] },
      ownerId: { type: 'string' },
      source: { type: 'string' },
      explanation: { type: 'string' },
    }),
  },
});

export const SENTIMENT_SCHEMA = strict({
  label: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
  score: { type: 'number' },
});

export const SUMMARY_SCHEMA = strict({ summary: { type: 'string' } });
