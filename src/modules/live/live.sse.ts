import type { SseTopic } from '../../live/sse';

const NOTIFICATION = '{ id kind title body link readAt createdAt }';
const TASK =
  '{ id title description priority dueDate status completedAt assigneeId contactId customerId opportunityId createdAt updatedAt }';
const ACTIVITY =
  '{ id type direction occurredAt subject body summary sentimentLabel contactId authorId opportunityId createdAt updatedAt }';
const TRANSACTION = '{ id status fulfillment orderDate pickupDate returnDate total createdAt updatedAt }';

/**
 * The topics of `GET /api/events/stream` (docs/events.md, "The SSE stream"): each the subscription of the same
 * name's field, with a fixed selection, and its variables from the query string.
 */
export const SSE_TOPICS: readonly SseTopic[] = [
  { name: 'notifications', document: `subscription { notificationAdded ${NOTIFICATION} }` },
  { name: 'tasks', document: `subscription { assignedTaskChanged ${TASK} }` },
  {
    name: 'transactions',
    document: `subscription ($id: ID) { transactionChanged(id: $id) ${TRANSACTION} }`,
    variables: (q) => ({ id: q.transactionId }),
  },
  {
    name: 'contact-activities',
    document: `subscription ($contactId: ID!) { contactActivity(contactId: $contactId) ${ACTIVITY} }`,
    variables: (q) => ({ contactId: q.contactId }),
    param: 'contactId',
  },
  {
    name: 'job',
    document: 'subscription ($id: ID!) { jobProgress(id: $id) { id progress } }',
    variables: (q) => ({ id: q.jobId }),
    param: 'jobId',
  },
  {
    name: 'events',
    document: 'subscription ($kinds: [String!]) { eventPublished(kinds: $kinds) { id event payload createdAt } }',
    variables: (q) => ({ kinds: q.kinds?.split(',').map((k) => k.trim()) }),
  },
];

/** What a stream that names no topic gets: what is mine. */
export const SSE_DEFAULT_TOPICS = ['notifications', 'tasks'];
