import type { RootRules } from '../../graphql/rules';
import { isAuthenticated, refusedWhileImpersonating } from '../../graphql/rules';

/** Every member logs and reads the organization's communications. */
export const communicationsRules: RootRules = {
  Query: {
    activities: isAuthenticated,
    activity: isAuthenticated,
    contactTimeline: isAuthenticated,
    contactSentiment: isAuthenticated,
    voiceMemos: isAuthenticated,
    voiceMemo: isAuthenticated,
    emailSyncSubscriptions: isAuthenticated,
  },
  Mutation: {
    createActivity: isAuthenticated,
    updateActivity: isAuthenticated,
    deleteActivity: isAuthenticated,
    extractActivityTasks: isAuthenticated,
    createVoiceMemo: isAuthenticated,
    deleteVoiceMemo: isAuthenticated,
    extractVoiceMemoTasks: isAuthenticated,
    deleteEmailSyncSubscription: isAuthenticated,
    sendContactEmail: refusedWhileImpersonating(isAuthenticated, 'speaks'),
    sendContactSms: refusedWhileImpersonating(isAuthenticated, 'speaks'),
  },
};
