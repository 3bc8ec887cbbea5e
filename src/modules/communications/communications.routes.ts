import { jsonbObjectArray, jsonbScalar, jsonObject } from '../../db/json-sql';
import { DELETED, EXAMPLE_ID, page, type RouteRow } from '../../http/route-row';
import { TASK_SELECTION as TASK } from '../sales/tasks/task.entity';

const ACTIVITY =
  '{ id contactId type direction occurredAt subject body durationSeconds recordingUrl transcriptionStatus sentimentScore sentimentLabel summary source authorId opportunityId provider externalId attachments { filename contentType size } organizationId createdAt updatedAt }';
/** An activity's `attachments { filename contentType size }` (stored as given: a jsonb array of objects), as JSON. */
const ATTACHMENT = (v: string) =>
  jsonObject([
    ['filename', jsonbScalar(`${v}->'filename'`, 'String', true), true],
    ['contentType', jsonbScalar(`${v}->'contentType'`, 'String', false), true],
    ['size', jsonbScalar(`${v}->'size'`, 'Int', false), true],
  ]);
const ATTACHMENTS = {
  value: jsonbObjectArray('r.attachments', ATTACHMENT, 'e'),
  isNull: `coalesce(jsonb_typeof(r.attachments), 'null') = 'null'`,
};
const MEMO = `{ id title transcript recordedAt durationSeconds status contactId opportunityId authorId activityId audioContentType audioSize extractedTasks ${TASK} organizationId createdAt updatedAt }`;
const SUBSCRIPTION = '{ id contactId address origin organizationId createdAt updatedAt }';
const TIMELINE = '{ kind id occurredAt title detail link }';
const SENTIMENT =
  '{ count average recentAverage label slopePer30Days direction latest { date score } points { date score } }';

/** Activities, timeline, voice memos, email sync and outbound messages (docs/communications.md). */
export const communicationsRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/activities',
    operation: 'activities',
    exportable: true,
    exportCells: { attachments: ATTACHMENTS },
    tag: 'Activities',
    summary:
      'Activities (paginated; contactId, type, direction, source, ownerId, authorId, opportunityId, search on subject and body, startDate/endDate on occurredAt, sortBy occurredAt|createdAt|updatedAt|type|subject)',
    selection: page(ACTIVITY),
  },
  {
    method: 'GET',
    path: '/api/activities/:id',
    operation: 'activity',
    tag: 'Activities',
    summary: 'One activity',
    selection: ACTIVITY,
  },
  {
    method: 'POST',
    path: '/api/activities',
    operation: 'createActivity',
    body: 'input',
    status: 201,
    tag: 'Activities',
    summary:
      "Log a call, email, SMS or meeting (sentiment and summary computed when omitted); moves the contact's lastContactedAt forward",
    selection: ACTIVITY,
    example: {
      contactId: EXAMPLE_ID,
      type: 'call',
      direction: 'outbound',
      occurredAt: '2026-11-20T15:30:00Z',
      subject: 'Scissor lift for the Hendricks job',
      body: 'They need two 26ft scissor lifts from Monday. I will send the revised quote by Thursday.',
      durationSeconds: 420,
    },
  },
  {
    method: 'PUT',
    path: '/api/activities/:id',
    operation: 'updateActivity',
    body: 'input',
    tag: 'Activities',
    summary: 'Edit an activity; one made by a provider webhook accepts only opportunityId and summary',
    selection: ACTIVITY,
    example: { subject: 'Call about the crane delivery', opportunityId: EXAMPLE_ID },
  },
  {
    method: 'DELETE',
    path: '/api/activities/:id',
    operation: 'deleteActivity',
    tag: 'Activities',
    summary: 'Delete an activity',
    selection: DELETED,
  },
  {
    method: 'POST',
    path: '/api/activities/:id/extract-tasks',
    operation: 'extractActivityTasks',
    tag: 'Activities',
    summary: 'AI task extraction from the activity text: 200 { tasks: [...] }; running it again creates none',
    selection: `{ tasks ${TASK} }`,
  },
  {
    method: 'GET',
    path: '/api/contacts/:id/timeline',
    operation: 'contactTimeline',
    tag: 'Activities',
    summary:
      "A contact's history (a lead's or customer's through its contactId): activities, tasks, stage changes and rental orders, newest first (paginated; kind, startDate/endDate, sortOrder)",
    selection: page(TIMELINE),
  },
  {
    method: 'GET',
    path: '/api/contacts/:id/sentiment',
    operation: 'contactSentiment',
    tag: 'Activities',
    summary: "A contact's sentiment trend over its communications",
    selection: SENTIMENT,
  },
  {
    method: 'GET',
    path: '/api/contacts/:id/email-subscriptions',
    operation: 'emailSyncSubscriptions',
    params: { id: 'contactId' },
    tag: 'Activities',
    summary: "A contact's email sync subscriptions (made by the inbound email webhook)",
    selection: SUBSCRIPTION,
  },
  {
    method: 'DELETE',
    path: '/api/email-subscriptions/:id',
    operation: 'deleteEmailSyncSubscription',
    tag: 'Activities',
    summary: 'Revoke an email sync subscription',
    selection: DELETED,
  },
  {
    method: 'POST',
    path: '/api/contacts/:id/emails',
    operation: 'sendContactEmail',
    body: 'input',
    status: 201,
    tag: 'Activities',
    summary: 'Email the contact (through SMTP when configured, else the mail outbox); answers the outbound activity',
    selection: ACTIVITY,
    example: { subject: 'Your quote', text: 'Hi Dana, the revised quote is attached.' },
  },
  {
    method: 'POST',
    path: '/api/contacts/:id/sms',
    operation: 'sendContactSms',
    body: 'input',
    status: 201,
    tag: 'Activities',
    summary: 'Text the contact (through the SMS transport: the sms_outbox by default); answers the outbound activity',
    selection: ACTIVITY,
    example: { body: 'Your excavator is ready for pickup at 7am.' },
  },
  {
    method: 'GET',
    path: '/api/voice-memos',
    operation: 'voiceMemos',
    tag: 'Voice memos',
    summary:
      'Voice memos (paginated; status, contactId, opportunityId, authorId, search, startDate/endDate on recordedAt)',
    selection: page(MEMO),
  },
  {
    method: 'GET',
    path: '/api/voice-memos/:id',
    operation: 'voiceMemo',
    tag: 'Voice memos',
    summary: 'One voice memo with its extracted tasks',
    selection: MEMO,
  },
  {
    method: 'POST',
    path: '/api/voice-memos',
    operation: 'createVoiceMemo',
    body: 'input',
    status: 201,
    tag: 'Voice memos',
    summary: 'A memo from text (audio: POST /api/voice-memos/upload, multipart)',
    selection: MEMO,
    example: {
      title: 'After the Hendricks site visit',
      transcript: 'Send the revised quote to Hendricks by Thursday. Dana should book the delivery truck for Monday.',
      recordedAt: '2026-11-20T16:00:00Z',
      contactId: EXAMPLE_ID,
    },
  },
  {
    method: 'DELETE',
    path: '/api/voice-memos/:id',
    operation: 'deleteVoiceMemo',
    tag: 'Voice memos',
    summary: 'Delete a voice memo',
    selection: DELETED,
  },
  {
    method: 'POST',
    path: '/api/voice-memos/:id/extract-tasks',
    operation: 'extractVoiceMemoTasks',
    tag: 'Voice memos',
    summary:
      'AI task extraction (spec): 200 { tasks: [...] } with priority, dueDate and assigneeId (the recommended owner); running it again creates none',
    selection: `{ tasks ${TASK} }`,
  },
];
