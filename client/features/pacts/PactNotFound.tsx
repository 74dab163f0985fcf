import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../layout/Page';

/** An unknown Pact, or one not shared with the caller (the server answers both with 404). */
export function PactNotFound() {
  return (
    <Page back="/" title="Pact not found">
      <EmptyState
        headingLevel="h2"
        icon={SearchX}
        className="mt-6"
        title="Pact not found"
        description="This Pact does not exist, or it is not shared with you."
      >
        <Link href="/" className={buttonVariants({ size: 'lg' })}>
          Back to Home
        </Link>
      </EmptyState>
    </Page>
  );
}
