import { ArrowRight, Users } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../../ui/Button';
import { Card } from '../../ui/Card';

/** For a Pro Creator, the way to their teams: members, direct messages and analytics live on each team's page. */
export function CoachTeamsCard() {
  return (
    <Card className="mt-6 p-5">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary/15 text-primary">
          <Users className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="font-extrabold text-lg leading-tight tracking-tight">Your teams</h2>
          <p className="mt-1 text-muted-foreground text-sm">
            Members, their messages and your analytics, team by team.
          </p>
        </div>
      </div>
      <Link href="/teams" className={buttonVariants({ variant: 'secondary', className: 'mt-4 w-full' })}>
        My Teams
        <ArrowRight aria-hidden="true" />
      </Link>
    </Card>
  );
}
