import { Dumbbell, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { Page, Section } from '../../app/layout/Page';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { useAuth } from '../auth/use-auth';
import { openCreateWizard } from './create-wizard-store';

/** Home (/): greeting, "My Pacts" and the empty state of SPEC 2 until the user has a Pact. */
export function HomePage() {
  const { user } = useAuth();
  const name = user?.firstName?.trim() || user?.username;
  return (
    <Page
      nav
      title={
        <span className="flex items-center gap-3">
          <Link
            href="/profile"
            aria-label="Your profile"
            className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Avatar user={user} className="size-9" />
          </Link>
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="font-medium text-muted-foreground text-xs">
              Let's sweat{name ? `, ${name}` : ''}
            </span>
            <span className="truncate">SweatPact</span>
          </span>
        </span>
      }
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
      <Section title="My Pacts">
        <EmptyState
          icon={Dumbbell}
          title="No Active Challenges"
          description="Create or join a challenge to get started!"
        >
          <Button size="lg" onClick={openCreateWizard}>
            Create Challenge
          </Button>
          <Link href="/challenges" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Find Challenge
          </Link>
        </EmptyState>
      </Section>
    </Page>
  );
}
