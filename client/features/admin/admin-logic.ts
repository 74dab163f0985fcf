import type { ModerationReport, ReportAction } from '@shared/api/safety';

/** The actions a report offers: Hide Pact only for Pact reports; Ban user and Dismiss for all. */
export function reportActions(report: Pick<ModerationReport, 'kind' | 'pact'>): ReportAction[] {
  return report.kind === 'pact' && report.pact && !report.pact.isHidden
    ? ['hide', 'ban', 'dismiss']
    : ['ban', 'dismiss'];
}

export const ACTION_LABEL: Record<ReportAction, string> = {
  hide: 'Hide Pact',
  ban: 'Ban user',
  dismiss: 'Dismiss',
};

/** The toast after a resolution: what happened and how many open reports it closed. */
export function resolvedText(action: ReportAction, closed: number): string {
  const what = action === 'hide' ? 'Pact hidden' : action === 'ban' ? 'User banned' : 'Report dismissed';
  return closed > 1 ? `${what} · ${closed} reports closed` : what;
}

/** Who gets banned: the reported user, or the reported Pact's creator. */
export function banTarget(report: Pick<ModerationReport, 'user' | 'pact'>) {
  return report.user ?? report.pact?.creator ?? null;
}
