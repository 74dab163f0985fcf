import { ArrowRight, Users } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../../ui/Button';
import { IconCard } from '../../ui/IconCard';

/** For a Pro Creator, the way to their teams: members, direct messages and analytics live on each team's page. */
export function CoachTeamsCard() {
  return (
    <IconCard
      icon={Users}
      title="Your teams"
      text="Members, their messages and your analytics, team by team."
      className="mt-6"
    >
      <Link href="/teams" className={buttonVariants({ variant: 'secondary', className: 'w-full' })}>
        My Teams
        <ArrowRight aria-hidden="true" />
      </Link>
    </IconCard>
  );
}
