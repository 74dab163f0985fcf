import { Flame, Plus, Star, Trophy } from 'lucide-react';
import { Page } from '../../app/layout/Page';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { openCreateWizard } from '../pacts/create-wizard-store';

const TABS = [
  {
    value: 'streaks',
    label: 'Streaks',
    icon: Flame,
    empty: ['No streaks yet', 'Be the first to start a workout streak!'],
  },
  {
    value: 'points',
    label: 'Points',
    icon: Star,
    empty: ['No points yet', 'Complete workouts to earn streak points!'],
  },
  {
    value: 'workouts',
    label: 'Workouts',
    icon: Trophy,
    empty: ['No workouts tracked', 'Start completing challenges to appear here!'],
  },
] as const;

/** Leaderboard (/leaderboard): three ranked lists (SPEC 2). */
export function LeaderboardPage() {
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
      <Tabs defaultValue="streaks">
        <TabsList className="w-full">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, icon, empty: [title, description] }) => (
          <TabsContent key={value} value={value}>
            <EmptyState headingLevel="h2" icon={icon} title={title} description={description} />
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
