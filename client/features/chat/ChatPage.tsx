import { MessagesSquare } from 'lucide-react';
import { Page } from '../../app/layout/Page';
import { EmptyState } from '../../ui/EmptyState';

/** A Pact's group chat (/chat/:challengeId). */
export function ChatPage() {
  return (
    <Page back="/" title="Pact Chat">
      <EmptyState
        headingLevel="h2"
        icon={MessagesSquare}
        className="mt-6"
        title="No messages yet"
        description="Cheer each other on and share your workout proof here."
      />
    </Page>
  );
}
