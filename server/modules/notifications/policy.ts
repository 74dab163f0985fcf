/**
 * Who receives a notification: people only (the AI trainer and other system users read none, nor does a user
 * that no longer exists), never about themselves (the caller drops those first), and nothing passes between a
 * blocked pair.
 */
export function mayReceive(recipient: { role: string } | undefined, blockedWithActor: boolean): boolean {
  if (!recipient || (recipient.role !== 'user' && recipient.role !== 'admin')) return false;
  return !blockedWithActor;
}
