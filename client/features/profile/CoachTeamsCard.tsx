import { ArrowRight, Users, Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../../ui/Button';
import { IconCard } from '../../ui/IconCard';

/** For a Pro Creator, the way to their teams: members, direct messages and analytics live on each team's page. */
export function CoachTeamsCard() {
  return (
    <IconCard
      icon={Users}
      title="Your teams"
      text="Members, their messages, your analytics and what you earned, team by team."
      className="mt-6"
    >
      <Link href="/teams" className={buttonVariants({ variant: 'secondary', className: 'w-full' })}>
        My Teams
        <ArrowRight aria-hidden="true" />
      </Link>
      <Link href="/earnings" className={buttonVariants({ variant: 'outline', className: 'mt-2 w-full' })}>
        <Wallet aria-hidden="true" />
        Earnings
      </Link>
    </IconCard>
  );
}
