import { MapPin, Trophy, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type ActivityTab, useActivity } from '../../api/activity';
import { useNow } from '../../lib/use-now';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { Section } from '../layout/Page';
import { ActivityRow } from './ActivityRow';

type TabValue = 'near' | 'top' | 'friends';

/** Home's Activity: Near You, Top (coming soon, kept on purpose) and Friends. */
export function ActivitySection() {
  const [tab, setTab] = useState<TabValue>('near');
  return (
    <Section title="Activity">
      <Tabs value={tab} onValueChange={(v) => setTab(v as TabValue)}>
        <TabsList className="w-full">
          <TabsTrigger value="near">Near You</TabsTrigger>
          <TabsTrigger value="top">Top</TabsTrigger>
          <TabsTrigger value="friends">Friends</TabsTrigger>
        </TabsList>
        <TabsContent value="near">
          <ActivityList
            tab="near"
            active={tab === 'near'}
            empty={
              <EmptyState
                icon={MapPin}
                title="Quiet around here"
                description="No public workouts in the last week. Join a Pact in Discover and be the first!"
              />
            }
          />
        </TabsContent>
        <TabsContent value="top">
          <EmptyState icon={Trophy} title="Coming soon - leaderboards and top challenges" />
        </TabsContent>
        <TabsContent value="friends">
          <ActivityList
            tab="friends"
            active={tab === 'friends'}
            empty={
              <EmptyState
                icon={Users}
                title="Your friends are resting"
                description="No friend activity yet. Connect with friends to see their workouts!"
              />
            }
          />
        </TabsContent>
      </Tabs>
    </Section>
  );
}

function ActivityList({ tab, active, empty }: { tab: ActivityTab; active: boolean; empty: ReactNode }) {
  const { items, isPending } = useActivity(tab, active);
  const now = useNow(60_000);
  if (isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        {['a', 'b', 'c'].map((k) => (
          <Skeleton key={k} className="h-17 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul
      className="grid grid-cols-1 gap-2"
      aria-label={tab === 'friends' ? 'Friends activity' : 'Activity near you'}
    >
      {items.map((item) => (
        <ActivityRow key={item.id} item={item} today={tab === 'friends'} now={now} />
      ))}
    </ul>
  );
}
