/** What other modules may use of settings. */
export { getSettingsRow } from './settings.repository.ts';
