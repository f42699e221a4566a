/** What other modules may use of activity. */
export { recordActivities, recordActivity } from './activity.repository.ts';
