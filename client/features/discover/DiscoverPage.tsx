import { Compass } from 'lucide-react';
import { Page } from '../../app/layout/Page';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { openCreateWizard } from '../pacts/create-wizard-store';

/** Discover (/challenges): the feed of public Pacts and premium teams. */
export function DiscoverPage() {
  return (
    <Page nav title="Discover">
      <EmptyState
        icon={Compass}
        className="mt-6"
        title="Nothing to discover yet"
        description="Public Pacts and premium programs show up here. Start one and get people moving!"
      >
        <Button size="lg" onClick={openCreateWizard}>
          Create Pact
        </Button>
      </EmptyState>
    </Page>
  );
}
