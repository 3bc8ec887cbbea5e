/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ActivityDirection =
  | 'inbound'
  | 'outbound';

export type ActivityType =
  | 'call'
  | 'email'
  | 'meeting'
  | 'note'
  | 'sms';

/** month or quarter of the close date, owner, or stage */
export type ForecastGroupBy =
  | 'month'
  | 'owner'
  | 'quarter'
  | 'stage';

export type LeadInput = {
  /** Links the company of that name (ignoring case), creating it if needed; null unlinks */
  companyName?: string | null | undefined;
  /** Unique per organization, ignoring case */
  email?: string | null | undefined;
  leadName: string;
  /** A user of your organization */
  ownerId?: string | number | null | undefined;
  /** E.164, e.g. +14155550123 */
  phone?: string | null | undefined;
  /** Not converted: use the convert operation */
  status?: LeadStatus | null | undefined;
};

/** converted is terminal and reached only by converting the lead */
export type LeadStatus =
  | 'contacted'
  | 'converted'
  | 'lost'
  | 'negotiation'
  | 'new'
  | 'qualified';

/** user: CRM data; admin: plus settings and team; super_admin: platform support */
export type Role =
  | 'admin'
  | 'super_admin'
  | 'user';

export type TaskPriority =
  | 'high'
  | 'low'
  | 'medium';

/** open -> completed (POST /api/tasks/:id/complete) */
export type TaskStatus =
  | 'completed'
  | 'open';

/** reserved: units held, nothing out; partially_out: some lines checked out; out: every line out; partially_returned: some units back; returned: everything back (status completed); cancelled */
export type TransactionFulfillment =
  | 'cancelled'
  | 'out'
  | 'partially_out'
  | 'partially_returned'
  | 'reserved'
  | 'returned';

/** pending: booked; completed: rental done (final); cancelled: released (final) */
export type TransactionStatus =
  | 'cancelled'
  | 'completed'
  | 'pending';

export type LeadsQueryVariables = Exact<{
  status?: LeadStatus | null | undefined;
  search?: string | null | undefined;
  page?: number;
}>;


export type LeadsQuery = { leads: { data: Array<{ id: string, leadName: string, email: string | null, status: LeadStatus, companyName: string | null, owner: { email: string } | null }>, pagination: { currentPage: number, totalPages: number, totalItems: number } } };

export type CreateLeadMutationVariables = Exact<{
  input: LeadInput;
}>;


export type CreateLeadMutation = { createLead: { id: string, leadName: string, email: string | null, status: LeadStatus } };

export type NotificationAddedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type NotificationAddedSubscription = { notificationAdded: { id: string, kind: string, title: string, body: string | null, link: string | null, createdAt: string } };

export type AssignedTaskChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AssignedTaskChangedSubscription = { assignedTaskChanged: { id: string, title: string, status: TaskStatus, priority: TaskPriority, dueDate: string | null, assigneeId: string | null, contactId: string | null, updatedAt: string } };

export type ContactActivitySubscriptionVariables = Exact<{
  contactId: string | number;
}>;


export type ContactActivitySubscription = { contactActivity: { id: string, type: ActivityType, direction: ActivityDirection, subject: string | null, summary: string | null, occurredAt: string, contactId: string } };

export type TransactionChangedSubscriptionVariables = Exact<{
  id?: string | number | null | undefined;
}>;


export type TransactionChangedSubscription = { transactionChanged: { id: string, status: TransactionStatus, fulfillment: TransactionFulfillment, pickupDate: string, returnDate: string, total: string, updatedAt: string } };

export type JobProgressSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type JobProgressSubscription = { jobProgress: { id: string, progress: Record<string, unknown> } };

export type EventPublishedSubscriptionVariables = Exact<{
  kinds?: Array<string> | string | null | undefined;
}>;


export type EventPublishedSubscription = { eventPublished: { id: string, event: string, payload: Record<string, unknown>, createdAt: string } };

export type OpenDealsQueryVariables = Exact<{
  ownerId?: string | number | null | undefined;
  limit?: number;
}>;


export type OpenDealsQuery = { opportunities: { data: Array<{ id: string, name: string, value: string, probability: number, expectedCloseDate: string | null, stage: { id: string, name: string }, owner: { email: string } | null, contact: { name: string, email: string | null } | null }>, pagination: { totalItems: number, hasNextPage: boolean } } };

export type ForecastQueryVariables = Exact<{
  groupBy?: ForecastGroupBy;
}>;


export type ForecastQuery = { forecast: { commitProbability: number, rows: Array<{ key: string, label: string, openCount: number, pipelineValue: string, weightedValue: string, commitCase: string }>, totals: { openCount: number, pipelineValue: string, weightedValue: string, commitCase: string } } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { isImpersonating: boolean, authenticatedBy: string, user: { id: string, email: string, role: Role, firstName: string, lastName: string }, organization: { id: string, name: string } } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const LeadsDocument = new TypedDocumentString(`
    query Leads($status: LeadStatus, $search: String, $page: Int! = 1) {
  leads(
    status: $status
    search: $search
    page: $page
    limit: 20
    sortBy: "createdAt"
    sortOrder: desc
  ) {
    data {
      id
      leadName
      email
      status
      companyName
      owner {
        email
      }
    }
    pagination {
      currentPage
      totalPages
      totalItems
    }
  }
}
    `) as unknown as TypedDocumentString<LeadsQuery, LeadsQueryVariables>;
export const CreateLeadDocument = new TypedDocumentString(`
    mutation CreateLead($input: LeadInput!) {
  createLead(input: $input) {
    id
    leadName
    email
    status
  }
}
    `) as unknown as TypedDocumentString<CreateLeadMutation, CreateLeadMutationVariables>;
export const NotificationAddedDocument = new TypedDocumentString(`
    subscription NotificationAdded {
  notificationAdded {
    id
    kind
    title
    body
    link
    createdAt
  }
}
    `) as unknown as TypedDocumentString<NotificationAddedSubscription, NotificationAddedSubscriptionVariables>;
export const AssignedTaskChangedDocument = new TypedDocumentString(`
    subscription AssignedTaskChanged {
  assignedTaskChanged {
    id
    title
    status
    priority
    dueDate
    assigneeId
    contactId
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<AssignedTaskChangedSubscription, AssignedTaskChangedSubscriptionVariables>;
export const ContactActivityDocument = new TypedDocumentString(`
    subscription ContactActivity($contactId: ID!) {
  contactActivity(contactId: $contactId) {
    id
    type
    direction
    subject
    summary
    occurredAt
    contactId
  }
}
    `) as unknown as TypedDocumentString<ContactActivitySubscription, ContactActivitySubscriptionVariables>;
export const TransactionChangedDocument = new TypedDocumentString(`
    subscription TransactionChanged($id: ID) {
  transactionChanged(id: $id) {
    id
    status
    fulfillment
    pickupDate
    returnDate
    total
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<TransactionChangedSubscription, TransactionChangedSubscriptionVariables>;
export const JobProgressDocument = new TypedDocumentString(`
    subscription JobProgress($id: ID!) {
  jobProgress(id: $id) {
    id
    progress
  }
}
    `) as unknown as TypedDocumentString<JobProgressSubscription, JobProgressSubscriptionVariables>;
export const EventPublishedDocument = new TypedDocumentString(`
    subscription EventPublished($kinds: [String!]) {
  eventPublished(kinds: $kinds) {
    id
    event
    payload
    createdAt
  }
}
    `) as unknown as TypedDocumentString<EventPublishedSubscription, EventPublishedSubscriptionVariables>;
export const OpenDealsDocument = new TypedDocumentString(`
    query OpenDeals($ownerId: ID, $limit: Int! = 20) {
  opportunities(
    status: open
    ownerId: $ownerId
    limit: $limit
    sortBy: "expectedCloseDate"
    sortOrder: asc
  ) {
    data {
      id
      name
      value
      probability
      expectedCloseDate
      stage {
        id
        name
      }
      owner {
        email
      }
      contact {
        name
        email
      }
    }
    pagination {
      totalItems
      hasNextPage
    }
  }
}
    `) as unknown as TypedDocumentString<OpenDealsQuery, OpenDealsQueryVariables>;
export const ForecastDocument = new TypedDocumentString(`
    query Forecast($groupBy: ForecastGroupBy! = month) {
  forecast(groupBy: $groupBy) {
    commitProbability
    rows {
      key
      label
      openCount
      pipelineValue
      weightedValue
      commitCase
    }
    totals {
      openCount
      pipelineValue
      weightedValue
      commitCase
    }
  }
}
    `) as unknown as TypedDocumentString<ForecastQuery, ForecastQueryVariables>;
export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    user {
      id
      email
      role
      firstName
      lastName
    }
    organization {
      id
      name
    }
    isImpersonating
    authenticatedBy
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;