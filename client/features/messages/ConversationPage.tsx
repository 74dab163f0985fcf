import { ArrowLeft, Lock } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { useAuth } from '../../api/auth';
import { errorStatus } from '../../api/errors';
import { displayName } from '../../lib/display-name';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LinkBanner } from '../chat/ChatHeader';
import { Composer } from '../chat/Composer';
import { Page } from '../layout/Page';
import { DmMessageList } from './DmMessageList';
import { lastSeenOwnId } from './dm-state';
import { useConversation } from './use-conversation';

/** A direct conversation between a team's coach and one of its members (/messages/:userId). */
export function ConversationPage() {
  const { userId = '' } = useParams<{ userId: string }>();
  const { user } = useAuth();
  const convo = useConversation(userId, user?.id);
  const { header, state } = convo;
  useDocumentTitle(header ? displayName(header.user) : 'Messages');

  if (errorStatus(convo.loadError) === 404) {
    return (
      <Page title="Messages" back="/messages">
        <EmptyState
          headingLevel="h2"
          className="mt-6"
          title="Conversation not found"
          description="You can message your coach, or the members of a team you coach."
        >
          <Link href="/teams" className={buttonVariants()}>
            Back to Teams
          </Link>
        </EmptyState>
      </Page>
    );
  }
  if (convo.loadError) {
    return (
      <Page title="Messages" back="/messages">
        <EmptyState headingLevel="h2" className="mt-6" title="Could not load this conversation">
          <Button onClick={() => window.location.reload()}>Retry</Button>
        </EmptyState>
      </Page>
    );
  }
  if (!header || !state.loaded || !user) {
    return (
      <div className="flex h-dvh items-center justify-center bg-background text-muted-foreground">
        <p role="status">Loading messages...</p>
      </div>
    );
  }

  const name = displayName(header.user);
  return (
    <div className="flex h-dvh flex-col bg-background">
      <header className="sticky top-0 z-30 border-border/60 border-b bg-background/90 pt-safe backdrop-blur-xl">
        <div className="mx-auto flex h-16 max-w-md items-center gap-2 px-3">
          <Link
            href="/messages"
            aria-label="Back"
            className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
          <Link
            href={`/user/${header.user.id}`}
            className="flex min-w-0 flex-1 items-center gap-2 rounded-full"
          >
            <Avatar user={header.user} className="size-9" />
            <span className="min-w-0">
              <span className="block truncate font-extrabold text-base leading-tight tracking-tight">
                {name}
              </span>
              <span className="block truncate text-muted-foreground text-xs">
                {header.role === 'coach' ? 'Your coach' : 'Member'} · {header.team.name}
              </span>
            </span>
          </Link>
        </div>
      </header>
      <LinkBanner />
      <DmMessageList
        items={state.items}
        pending={state.pending}
        meId={user.id}
        seenId={lastSeenOwnId(state, user.id)}
        hasOlder={state.nextBefore !== null}
        onLoadOlder={() => void convo.loadOlder().catch(() => {})}
      />
      <div className="border-border/60 border-t bg-background pb-safe">
        {header.canWrite ? (
          <Composer onSend={convo.send} />
        ) : (
          <p className="mx-auto flex max-w-md items-center gap-2 px-4 py-3 text-muted-foreground text-sm">
            <Lock className="size-4 shrink-0" aria-hidden="true" />
            {header.role === 'coach'
              ? 'Your team access has ended. You can still read this conversation.'
              : 'This member no longer has access. You can still read this conversation.'}
          </p>
        )}
      </div>
    </div>
  );
}
