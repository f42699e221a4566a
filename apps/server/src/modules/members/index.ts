/** What other modules may use of members (the user record itself is in modules/users). */
export { lockUser, updateUser } from './members.admin.repository.ts';
