/** What other modules may use of notifications. */
export { creatorAtRiskNotification, paymentStatusNotification } from './notification-texts.ts';
export { notifySystem, notifySystemEach, readUserLocales } from './notifications.repository.ts';
