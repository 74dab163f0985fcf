/** The header's online count equals the number of friends (kept on purpose). */
export function onlineLabel(friendCount: number): string {
  return `${friendCount} online`;
}
