/** What other modules may use of creators: the API shapes of a creator's list row and of history entries. */
export { changedFields, currentPeriod, toCreatorListItem, toHistoryEntry } from './creators.records.ts';
export { findCreatorByUsername, insertCreator, listCreatorRowsOfMember, lockPendingCreatorsOwnedBy, setCreatorsStatus } from './creators.repository.ts';
export { toCreator } from './creators.service.ts';
