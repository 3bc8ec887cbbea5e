import type { EntityManager } from '@mikro-orm/postgresql';
import type { Conversation } from '../../sales/opportunities/opportunity-from-conversation';

/**
 * Where communications hands each stored conversation (an activity or a voice memo) inside its transaction:
 * sales' OpportunityFromConversation, which makes or updates the contact's opportunity when the text asks for
 * equipment (docs/sales.md, "Opportunities from conversations").
 */
export interface ConversationSink {
  apply(tx: EntityManager, conversation: Conversation): Promise<unknown>;
}
