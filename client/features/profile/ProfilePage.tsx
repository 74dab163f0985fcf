import { Flame, Plus, Settings, Sparkles, Star, UsersRound } from 'lucide-react';
import { Link } from 'wouter';
import { Page, Section } from '../../app/layout/Page';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { Button, buttonVariants } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { useAuth } from '../auth/use-auth';
import { openCreateWizard } from '../pacts/create-wizard-store';

/** Profile (/profile): who you are, your numbers and your Pacts. */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const stats = [
    { label: 'day streak', value: user.streakCount, icon: Flame },
    { label: 'Total XP', value: user.totalXP, icon: Sparkles },
    { label: 'Level', value: user.level, icon: Star },
  ];
  return (
    <Page
      nav
      title="Profile"
      actions={
        <Link
          href="/settings"
          aria-label="Settings"
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        >
          <Settings aria-hidden="true" className="size-5!" />
        </Link>
      }
    >
      <div className="flex flex-col items-center pt-2 text-center">
        <Avatar user={user} className="size-24 text-3xl ring-4 ring-primary/30" />
        <h2 className="mt-4 font-extrabold text-2xl tracking-tight">{displayName}</h2>
        <p className="text-muted-foreground text-sm">@{user.username}</p>
        {user.bio ? <p className="mt-2 max-w-xs text-sm">{user.bio}</p> : null}
        {user.isProUser ? <Badge className="mt-3">Pro Creator</Badge> : null}
      </div>

      <div className="mt-6 grid grid-cols-3 gap-3">
        {stats.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="flex flex-col items-center gap-1 px-2 py-4">
            <Icon className="size-5 text-brand-ink" aria-hidden="true" />
            <span className="font-extrabold text-xl tabular-nums">{value.toLocaleString()}</span>
            <span className="text-muted-foreground text-xs">{label}</span>
          </Card>
        ))}
      </div>

      <Section title="Friends">
        <EmptyState
          icon={UsersRound}
          title="No friends yet"
          description="Add friends to see their challenges!"
        />
      </Section>

      <Section
        title="My Pacts"
        action={
          <Button size="sm" variant="secondary" onClick={openCreateWizard}>
            <Plus aria-hidden="true" />
            Create
          </Button>
        }
      >
        <EmptyState title="No challenges created yet" description="Your own Pacts will show up here." />
      </Section>
    </Page>
  );
}
