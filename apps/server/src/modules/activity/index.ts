/** What other modules may use of activity. */
export { listHistoryOf, recordActivities, recordActivity } from './activity.repository.ts';
export type { HistoryRow } from './activity.repository.ts';
