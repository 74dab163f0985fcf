import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { recheckSession, useAuth } from '../../api/auth';
import { errorStatus } from '../../api/errors';
import { useChallenge, useParticipants } from '../../api/pacts';
import { exerciseLabelOf } from '../../lib/exercise-label';
import { realtimeLink } from '../../lib/realtime/link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../layout/Page';
import { PactNotFound } from '../pacts/PactNotFound';
import { CameraPanel } from '../proofs/CameraPanel';
import { ChatHeader, LinkBanner } from './ChatHeader';
import { Composer } from './Composer';
import { chatItems } from './chat-state';
import { JoinBar } from './JoinBar';
import { MessageList } from './MessageList';
import { ParticipantsStrip } from './ParticipantsStrip';
import { TeamChatClosed } from './TeamChatClosed';
import { useChat } from './use-chat';

function Loading() {
  return (
    <div className="flex h-dvh items-center justify-center bg-background text-muted-foreground">
      <p role="status">Loading chat...</p>
    </div>
  );
}

/** A Pact's group chat (/chat/:challengeId). */
export function ChatPage() {
  const { challengeId = '' } = useParams<{ challengeId: string }>();
  const id = /^\d+$/.test(challengeId) ? Number(challengeId) : 0;
  const { user } = useAuth();
  const pact = useChallenge(id || null);
  const participants = useParticipants(
    id || null,
    pact.isSuccess && (pact.data.teamId === null || pact.data.teamAccess),
  );
  const queryClient = useQueryClient();
  const readable = pact.isSuccess && typeof pact.data?.id === 'number';
  const chat = useChat(id, user, readable);
  const [cameraOpen, setCameraOpen] = useState(false);
  const items = useMemo(() => chatItems(chat.state), [chat.state]);
  useDocumentTitle(readable ? pact.data.title : 'Chat');

  // The server closes the link when this session ends elsewhere: re-check who is signed in.
  useEffect(() => realtimeLink().onSessionEnded(() => void recheckSession(queryClient)), [queryClient]);

  if (!id || errorStatus(pact.error) === 404 || errorStatus(chat.loadError) === 404) return <PactNotFound />;
  if (readable && pact.data.team && chat.closed)
    return <TeamChatClosed title={pact.data.title} team={pact.data.team} />;
  if (pact.isError || (pact.isSuccess && !readable) || chat.loadError) {
    return (
      <Page back="/" title="Chat">
        <EmptyState headingLevel="h2" className="mt-6" title="Could not load this chat">
          <Button onClick={() => window.location.reload()}>Retry</Button>
        </EmptyState>
      </Page>
    );
  }
  if (!readable || !chat.state.loaded) return <Loading />;

  const p = pact.data;
  const isMember = p.myStatus === 'active' || p.myStatus === 'completed';
  const unit = exerciseLabelOf(p.exerciseType);
  return (
    <div className="flex h-dvh flex-col bg-background">
      <ChatHeader pact={p} canProve={p.myStatus === 'active'} onStart={() => setCameraOpen(true)} />
      <LinkBanner />
      {cameraOpen ? (
        <CameraPanel
          challengeId={p.id}
          targetValue={p.targetValue}
          unit={unit}
          onSend={chat.submitProof}
          onClose={() => setCameraOpen(false)}
        />
      ) : null}
      <ParticipantsStrip
        participants={Array.isArray(participants.data) ? participants.data : []}
        meId={user?.id}
        creatorId={p.creatorId}
        liveUsers={chat.liveUsers}
      />
      <MessageList
        items={items}
        meId={user?.id}
        hasOlder={chat.state.nextBefore !== null}
        loadingOlder={chat.loadingOlder}
        onLoadOlder={chat.loadOlder}
        exerciseLabel={unit}
        onDecide={chat.decide}
        onRetryProof={(key) => void chat.retryProof(key)}
        onDiscardProof={chat.discardProof}
      />
      <div className="border-border/60 border-t bg-background pb-safe">
        {isMember ? <Composer onSend={chat.sendText} /> : <JoinBar challengeId={p.id} />}
      </div>
    </div>
  );
}
