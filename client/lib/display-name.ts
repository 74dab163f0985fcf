/** First name, else username. */
export function displayName(
  user: { firstName?: string | null; lastName?: string | null; username?: string | null } | null | undefined,
  withLastName = false,
): string {
  const first = user?.firstName?.trim();
  if (first) return withLastName && user?.lastName?.trim() ? `${first} ${user.lastName.trim()}` : first;
  return user?.username || 'Unknown';
}
