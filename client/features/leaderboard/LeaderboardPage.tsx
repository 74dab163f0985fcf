import type { LeaderboardMetric, LeaderboardScope } from '@shared/api/leaderboard';
import { Flame, Globe, type LucideIcon, Plus, RotateCcw, Star, Trophy, Users } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useLeaderboard } from '../../api/leaderboard';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { Page } from '../layout/Page';
import { openCreateWizard } from '../pacts/create-wizard-store';
import { LeaderboardRow } from './LeaderboardRow';
import { LEADERBOARD_TABS, type LeaderboardTab, pinnedEntry } from './leaderboard-logic';

const TAB_ICONS: Record<LeaderboardMetric, LucideIcon> = { streak: Flame, points: Star, workouts: Trophy };

/** Leaderboard (/leaderboard): Streaks, Points and Workouts, globally or among friends. */
export function LeaderboardPage() {
  const [metric, setMetric] = useState<LeaderboardMetric>('streak');
  const [scope, setScope] = useState<LeaderboardScope>('global');
  return (
    <Page
      nav
      title="Leaderboard"
      actions={
        <Button size="icon" variant="ghost" aria-label="Create Pact" onClick={openCreateWizard}>
          <Plus aria-hidden="true" className="size-5!" />
        </Button>
      }
    >
      <ScopeSwitch value={scope} onChange={setScope} />
      <Tabs value={metric} onValueChange={(v) => setMetric(v as LeaderboardMetric)} className="mt-3">
        <TabsList className="w-full">
          {LEADERBOARD_TABS.map(({ metric: value, label }) => {
            const Icon = TAB_ICONS[value];
            return (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {LEADERBOARD_TABS.map((tab) => (
          <TabsContent key={tab.metric} value={tab.metric}>
            {tab.metric === metric ? <Board tab={tab} scope={scope} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}

const SCOPES: { value: LeaderboardScope; label: string; icon: LucideIcon }[] = [
  { value: 'global', label: 'Global', icon: Globe },
  { value: 'friends', label: 'Friends', icon: Users },
];

function ScopeSwitch({
  value,
  onChange,
}: {
  value: LeaderboardScope;
  onChange: (s: LeaderboardScope) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Who to rank" className="flex rounded-xl border border-border p-1">
      {SCOPES.map(({ value: scope, label, icon: Icon }) => {
        const active = scope === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control styled as buttons
          <button
            key={scope}
            type="button"
            role="radio"
            aria-checked={active}
            onClick={() => onChange(scope)}
            className={cn(
              'flex h-11 flex-1 items-center justify-center gap-1.5 rounded-lg font-semibold text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </button>
        );
      })}
    </div>
  );
}

function Board({ tab, scope }: { tab: LeaderboardTab; scope: LeaderboardScope }) {
  const board = useLeaderboard(tab.metric, scope);
  if (board.isPending) return <BoardSkeleton />;
  if (board.isError) {
    return (
      <EmptyState title="Could not load the leaderboard" description={errorMessage(board.error)}>
        <Button onClick={() => board.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </EmptyState>
    );
  }
  const pinned = pinnedEntry(board.entries, board.me);
  const meId = board.me?.userId;
  return (
    <>
      {board.entries.length === 0 ? (
        <EmptyState icon={TAB_ICONS[tab.metric]} title={tab.emptyTitle} description={tab.emptyDescription} />
      ) : (
        <ol className="grid grid-cols-1 gap-2" aria-label={`${tab.label} ranking`}>
          {board.entries.map((entry) => (
            <li key={entry.userId}>
              <LeaderboardRow entry={entry} metric={tab.metric} isMe={entry.userId === meId} />
            </li>
          ))}
        </ol>
      )}
      {pinned ? (
        <>
          {/* Room so the pinned row never covers the last ranked row. */}
          <div className="h-20" aria-hidden="true" />
          <div
            data-testid="leaderboard-pinned"
            className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 mx-auto max-w-md px-4 pb-3"
          >
            <div className="rounded-2xl bg-card shadow-[0_-8px_30px_-12px] shadow-black/40">
              <LeaderboardRow entry={pinned} metric={tab.metric} isMe />
            </div>
          </div>
        </>
      ) : null}
    </>
  );
}

function BoardSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
        <div key={k} className="flex items-center gap-3 rounded-2xl border border-border bg-card px-3 py-2.5">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="size-11 rounded-full" />
          <div className="min-w-0 flex-1 space-y-1.5">
            <Skeleton className="h-3.5 w-full max-w-32" />
            <Skeleton className="h-3 w-full max-w-20" />
          </div>
          <Skeleton className="h-4 w-14 shrink-0" />
        </div>
      ))}
    </div>
  );
}
