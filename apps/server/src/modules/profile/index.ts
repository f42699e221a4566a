/** What other modules may use of profile. */
export { updateUserFields } from './profile.repository.ts';
