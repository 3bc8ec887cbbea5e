/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query Leads($status: LeadStatus, $search: String, $page: Int! = 1) {\n  leads(\n    status: $status\n    search: $search\n    page: $page\n    limit: 20\n    sortBy: \"createdAt\"\n    sortOrder: desc\n  ) {\n    data {\n      id\n      leadName\n      email\n      status\n      companyName\n      owner {\n        email\n      }\n    }\n    pagination {\n      currentPage\n      totalPages\n      totalItems\n    }\n  }\n}\n\nmutation CreateLead($input: LeadInput!) {\n  createLead(input: $input) {\n    id\n    leadName\n    email\n    status\n  }\n}": typeof types.LeadsDocument,
    "subscription NotificationAdded {\n  notificationAdded {\n    id\n    kind\n    title\n    body\n    link\n    createdAt\n  }\n}\n\nsubscription AssignedTaskChanged {\n  assignedTaskChanged {\n    id\n    title\n    status\n    priority\n    dueDate\n    assigneeId\n    contactId\n    updatedAt\n  }\n}\n\nsubscription ContactActivity($contactId: ID!) {\n  contactActivity(contactId: $contactId) {\n    id\n    type\n    direction\n    subject\n    summary\n    occurredAt\n    contactId\n  }\n}\n\nsubscription TransactionChanged($id: ID) {\n  transactionChanged(id: $id) {\n    id\n    status\n    fulfillment\n    pickupDate\n    returnDate\n    total\n    updatedAt\n  }\n}\n\nsubscription JobProgress($id: ID!) {\n  jobProgress(id: $id) {\n    id\n    progress\n  }\n}\n\nsubscription EventPublished($kinds: [String!]) {\n  eventPublished(kinds: $kinds) {\n    id\n    event\n    payload\n    createdAt\n  }\n}": typeof types.NotificationAddedDocument,
    "query OpenDeals($ownerId: ID, $limit: Int! = 20) {\n  opportunities(\n    status: open\n    ownerId: $ownerId\n    limit: $limit\n    sortBy: \"expectedCloseDate\"\n    sortOrder: asc\n  ) {\n    data {\n      id\n      name\n      value\n      probability\n      expectedCloseDate\n      stage {\n        id\n        name\n      }\n      owner {\n        email\n      }\n      contact {\n        name\n        email\n      }\n    }\n    pagination {\n      totalItems\n      hasNextPage\n    }\n  }\n}\n\nquery Forecast($groupBy: ForecastGroupBy! = month) {\n  forecast(groupBy: $groupBy) {\n    commitProbability\n    rows {\n      key\n      label\n      openCount\n      pipelineValue\n      weightedValue\n      commitCase\n    }\n    totals {\n      openCount\n      pipelineValue\n      weightedValue\n      commitCase\n    }\n  }\n}": typeof types.OpenDealsDocument,
    "query Me {\n  me {\n    user {\n      id\n      email\n      role\n      firstName\n      lastName\n    }\n    organization {\n      id\n      name\n    }\n    isImpersonating\n    authenticatedBy\n  }\n}": typeof types.MeDocument,
};
const documents: Documents = {
    "query Leads($status: LeadStatus, $search: String, $page: Int! = 1) {\n  leads(\n    status: $status\n    search: $search\n    page: $page\n    limit: 20\n    sortBy: \"createdAt\"\n    sortOrder: desc\n  ) {\n    data {\n      id\n      leadName\n      email\n      status\n      companyName\n      owner {\n        email\n      }\n    }\n    pagination {\n      currentPage\n      totalPages\n      totalItems\n    }\n  }\n}\n\nmutation CreateLead($input: LeadInput!) {\n  createLead(input: $input) {\n    id\n    leadName\n    email\n    status\n  }\n}": types.LeadsDocument,
    "subscription NotificationAdded {\n  notificationAdded {\n    id\n    kind\n    title\n    body\n    link\n    createdAt\n  }\n}\n\nsubscription AssignedTaskChanged {\n  assignedTaskChanged {\n    id\n    title\n    status\n    priority\n    dueDate\n    assigneeId\n    contactId\n    updatedAt\n  }\n}\n\nsubscription ContactActivity($contactId: ID!) {\n  contactActivity(contactId: $contactId) {\n    id\n    type\n    direction\n    subject\n    summary\n    occurredAt\n    contactId\n  }\n}\n\nsubscription TransactionChanged($id: ID) {\n  transactionChanged(id: $id) {\n    id\n    status\n    fulfillment\n    pickupDate\n    returnDate\n    total\n    updatedAt\n  }\n}\n\nsubscription JobProgress($id: ID!) {\n  jobProgress(id: $id) {\n    id\n    progress\n  }\n}\n\nsubscription EventPublished($kinds: [String!]) {\n  eventPublished(kinds: $kinds) {\n    id\n    event\n    payload\n    createdAt\n  }\n}": types.NotificationAddedDocument,
    "query OpenDeals($ownerId: ID, $limit: Int! = 20) {\n  opportunities(\n    status: open\n    ownerId: $ownerId\n    limit: $limit\n    sortBy: \"expectedCloseDate\"\n    sortOrder: asc\n  ) {\n    data {\n      id\n      name\n      value\n      probability\n      expectedCloseDate\n      stage {\n        id\n        name\n      }\n      owner {\n        email\n      }\n      contact {\n        name\n        email\n      }\n    }\n    pagination {\n      totalItems\n      hasNextPage\n    }\n  }\n}\n\nquery Forecast($groupBy: ForecastGroupBy! = month) {\n  forecast(groupBy: $groupBy) {\n    commitProbability\n    rows {\n      key\n      label\n      openCount\n      pipelineValue\n      weightedValue\n      commitCase\n    }\n    totals {\n      openCount\n      pipelineValue\n      weightedValue\n      commitCase\n    }\n  }\n}": types.OpenDealsDocument,
    "query Me {\n  me {\n    user {\n      id\n      email\n      role\n      firstName\n      lastName\n    }\n    organization {\n      id\n      name\n    }\n    isImpersonating\n    authenticatedBy\n  }\n}": types.MeDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Leads($status: LeadStatus, $search: String, $page: Int! = 1) {\n  leads(\n    status: $status\n    search: $search\n    page: $page\n    limit: 20\n    sortBy: \"createdAt\"\n    sortOrder: desc\n  ) {\n    data {\n      id\n      leadName\n      email\n      status\n      companyName\n      owner {\n        email\n      }\n    }\n    pagination {\n      currentPage\n      totalPages\n      totalItems\n    }\n  }\n}\n\nmutation CreateLead($input: LeadInput!) {\n  createLead(input: $input) {\n    id\n    leadName\n    email\n    status\n  }\n}"): typeof import('./graphql').LeadsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription NotificationAdded {\n  notificationAdded {\n    id\n    kind\n    title\n    body\n    link\n    createdAt\n  }\n}\n\nsubscription AssignedTaskChanged {\n  assignedTaskChanged {\n    id\n    title\n    status\n    priority\n    dueDate\n    assigneeId\n    contactId\n    updatedAt\n  }\n}\n\nsubscription ContactActivity($contactId: ID!) {\n  contactActivity(contactId: $contactId) {\n    id\n    type\n    direction\n    subject\n    summary\n    occurredAt\n    contactId\n  }\n}\n\nsubscription TransactionChanged($id: ID) {\n  transactionChanged(id: $id) {\n    id\n    status\n    fulfillment\n    pickupDate\n    returnDate\n    total\n    updatedAt\n  }\n}\n\nsubscription JobProgress($id: ID!) {\n  jobProgress(id: $id) {\n    id\n    progress\n  }\n}\n\nsubscription EventPublished($kinds: [String!]) {\n  eventPublished(kinds: $kinds) {\n    id\n    event\n    payload\n    createdAt\n  }\n}"): typeof import('./graphql').NotificationAddedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OpenDeals($ownerId: ID, $limit: Int! = 20) {\n  opportunities(\n    status: open\n    ownerId: $ownerId\n    limit: $limit\n    sortBy: \"expectedCloseDate\"\n    sortOrder: asc\n  ) {\n    data {\n      id\n      name\n      value\n      probability\n      expectedCloseDate\n      stage {\n        id\n        name\n      }\n      owner {\n        email\n      }\n      contact {\n        name\n        email\n      }\n    }\n    pagination {\n      totalItems\n      hasNextPage\n    }\n  }\n}\n\nquery Forecast($groupBy: ForecastGroupBy! = month) {\n  forecast(groupBy: $groupBy) {\n    commitProbability\n    rows {\n      key\n      label\n      openCount\n      pipelineValue\n      weightedValue\n      commitCase\n    }\n    totals {\n      openCount\n      pipelineValue\n      weightedValue\n      commitCase\n    }\n  }\n}"): typeof import('./graphql').OpenDealsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me {\n  me {\n    user {\n      id\n      email\n      role\n      firstName\n      lastName\n    }\n    organization {\n      id\n      name\n    }\n    isImpersonating\n    authenticatedBy\n  }\n}"): typeof import('./graphql').MeDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
