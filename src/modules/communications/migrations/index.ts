import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261128200000_recording_transcription } from './Migration20261128200000_recording_transcription';
import { Migration20261128300000_activity_transcription_status } from './Migration20261128300000_activity_transcription_status';

/** The communications module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261128200000_recording_transcription', class: Migration20261128200000_recording_transcription },
  {
    name: 'Migration20261128300000_activity_transcription_status',
    class: Migration20261128300000_activity_transcription_status,
  },
];
