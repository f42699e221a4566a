/** What other modules may use of messaging. */
export { messageTexts, portalLinks } from './message-texts.ts';
export type { MessageTexts } from './message-texts.ts';
export type { EmailSender, Messaging, SmsSender } from './messaging.types.ts';
export { tellContactChange } from './contact-change.ts';
export type { ContactChange } from './contact-change.ts';
