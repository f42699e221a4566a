/**
 * Who does something, for the activity log, the ledger and the notifications it sends: the
 * signed-in person's id and the address their request came from (null where there is none: the
 * demo seed, a command-line tool). Work no person started, the automatic payments of the 15th,
 * acts with a null id: the activity log shows it as the system. One type for every service.
 */
export interface Actor {
  id: string | null;
  ip: string | null;
}

/** The person's id where only a person can act (an admin deleting a deduction, writing a message, mapping columns). */
export function personId(actor: Actor): string {
  if (actor.id === null) throw new Error('this action is taken by a signed-in person, not by the system');
  return actor.id;
}
