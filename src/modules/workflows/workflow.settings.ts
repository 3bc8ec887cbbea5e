import type { Config } from '../../config';
import { boolSetting, intSetting, readSettings, type SettingsOf } from '../../config-settings';

/** What the workflows module reads from the environment (docs/workflows.md, "Settings"; docs/configuration.md). */
export const workflowSettings = {
  worker: boolSetting(
    'WORKFLOW_WORKER',
    true,
    'dispatch events to workflows and work the `workflow-runs` queue in this process',
  ),
  pollMs: intSetting('WORKFLOW_POLL_MS', 500, 'how often the dispatcher looks for new events', { min: 1 }),
  maxDepth: intSetting(
    'WORKFLOW_MAX_DEPTH',
    3,
    'the loop guard: events caused by this many nested workflow runs start no more runs',
    { min: 1 },
  ),
  maxPerOrganization: intSetting('WORKFLOW_MAX_PER_ORGANIZATION', 100, 'workflows an organization may have', {
    min: 1,
  }),
  maxRunsPerHour: intSetting(
    'WORKFLOW_MAX_RUNS_PER_HOUR',
    10_000,
    'runs of one organization per hour; beyond it a run is skipped, not done',
    { min: 1 },
  ),
};

export type WorkflowConfig = SettingsOf<typeof workflowSettings>;

/** The workflow settings of a loaded configuration. */
export function workflowConfig(config: Config): WorkflowConfig {
  return readSettings(workflowSettings, config.environment);
}
