import { UsersRound } from 'lucide-react';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Page, Section } from '../layout/Page';
import { openCreateWizard } from '../pacts/create-wizard-store';

/** Teams (/teams): the user's coaching teams and premium training programs. */
export function TeamsPage() {
  return (
    <Page nav title="Teams" back="/">
      <Section title="My Teams">
        <EmptyState icon={UsersRound} title="No teams yet" description="Be the first to create a team!">
          <Button size="lg" onClick={openCreateWizard}>
            Create Team
          </Button>
        </EmptyState>
      </Section>
    </Page>
  );
}
