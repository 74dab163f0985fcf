import { UsersRound } from 'lucide-react';
import { Page, Section } from '../../app/layout/Page';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
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
