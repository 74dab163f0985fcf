/**
 * Short relative times for lists: 'just now', '5m ago', '3h ago', 'Yesterday', '4d ago', then a date such as
 * 'Mar 4' (with the year when it is not the current one). Future instants (clock skew) read 'just now'.
 */
export function relativeTime(iso: string, now: Date): string {
  const at = new Date(iso);
  const ms = now.getTime() - at.getTime();
  if (Number.isNaN(ms)) return '';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days}d ago`;
  const sameYear = at.getFullYear() === now.getFullYear();
  return at.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}
