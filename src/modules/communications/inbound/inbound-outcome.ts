/** What a processed delivery answers (200): a retry of the same message or call answers `duplicate`. */
export interface InboundOutcome {
  status: 'processed' | 'duplicate';
  activityId: string;
  contactId: string;
  /** True when the sender was unknown and a contact with status `unknown` was created for it. */
  contactCreated: boolean;
  voiceMemoId?: string;
}

/** A delivery the organization does not take (emailAutoLink off): 200, nothing written. */
export interface IgnoredOutcome {
  status: 'ignored';
  reason: string;
}
