import { Settings, Zap } from 'lucide-react';
import { type ReactNode, useDeferredValue } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '../../ui/Button';
import { ActivitySection } from '../activity/ActivitySection';
import { FriendsStrip } from '../friends/FriendsStrip';
import { Page } from '../layout/Page';
import { MessagesIconLink, TeamsIconLink } from '../messages/MessagesEntry';
import { MyPacts } from './home/MyPacts';
import { MyProgress } from './home/MyProgress';

/** Home (/). The workout-time reminder card is mounted app-wide by SignedInApp, not here. */
export function HomePage() {
  // The Activity section (below My Pacts, mostly under the fold on a phone) mounts in a second, interruptible render
  // right after the first one, so a slow phone's first screen is not one long task of everything.
  const showActivity = useDeferredValue(true, false);
  return <HomeLayout>{showActivity ? <ActivitySection /> : null}</HomeLayout>;
}

/**
 * The brand header, the friends strip and "My Pacts". `children` go below My Pacts (the Activity section);
 * `overlay` is for fixed elements such as the workout-time reminder card.
 */
export function HomeLayout({ children, overlay }: { children?: ReactNode; overlay?: ReactNode }) {
  return (
    <Page
      nav
      title={
        <span className="flex items-center gap-2.5">
          <span
            aria-hidden="true"
            className="inline-flex size-8 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-[0_6px_20px_-8px] shadow-primary/70"
          >
            <Zap className="size-4 fill-current" strokeWidth={2.5} />
          </span>
          SweatPact
        </span>
      }
      actions={
        // Teams and Messages live here, not in the bottom bar whose entries SPEC fixes (docs/MESSAGES.md).
        // The icons' own padding stands in for the header's right edge, so three fit beside the brand at 320 px.
        <span className="-mr-2 flex items-center">
          <TeamsIconLink />
          <MessagesIconLink />
          <Link
            href="/settings"
            aria-label="Settings"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          >
            <Settings aria-hidden="true" className="size-5!" />
          </Link>
        </span>
      }
    >
      {overlay}
      <MyProgress />
      <FriendsStrip variant="home" />
      <MyPacts />
      {children}
    </Page>
  );
}
