import { registerEnumType } from 'type-graphql';

/** pending: audio waits for a transcribing provider; transcribed: the transcript is there; failed: transcription failed. */
export enum VoiceMemoStatus {
  pending = 'pending',
  transcribed = 'transcribed',
  failed = 'failed',
}
registerEnumType(VoiceMemoStatus, { name: 'VoiceMemoStatus' });
