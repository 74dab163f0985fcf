/**
 * Coach tools (docs/MESSAGES.md): a team's analytics are its coach's alone. Anyone else, members included, finds
 * no such team (404), as for any resource one may not see.
 */
export const mayReadAnalytics = (actorId: string, team: { coachId: string }): boolean =>
  team.coachId === actorId;
