import type { AuthUser } from '@shared/api/auth';
import { TUTORIAL_URL_RE } from '@shared/api/pacts';
import { buildCreatePayload, type WizardState } from '@shared/domain/wizard';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { useCreatePact } from '../../../api/pacts';
import { uploadFile } from '../../../lib/upload';
import { toast } from '../../../ui/use-toast';
import { closeCreateWizard } from '../create-wizard-store';

interface Uploaded {
  blob: Blob;
  mediaId: string;
  url: string;
}

/**
 * Sends the wizard: uploads the recorded tutorial (resumable, with progress), then creates the Pact. An upload
 * that succeeded is reused when the create itself has to be retried. Closing the wizard aborts the upload.
 */
export function useSubmitPact(user: AuthUser | null) {
  const create = useCreatePact();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const uploadedRef = useRef<Uploaded | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const submit = useCallback(
    async (state: WizardState, tutorial: Blob | null) => {
      if (!user || abortRef.current) return;
      const controller = new AbortController();
      abortRef.current = controller;
      setBusy(true);
      try {
        let media: { tutorialMediaId: string | null; tutorialVideoUrl: string | null } = {
          tutorialMediaId: null,
          tutorialVideoUrl: null,
        };
        if (tutorial) {
          let uploaded = uploadedRef.current?.blob === tutorial ? uploadedRef.current : null;
          if (!uploaded) {
            setProgress(0);
            const result = await uploadFile(tutorial, {
              kind: 'tutorial',
              onProgress: (sent, total) => setProgress(total > 0 ? sent / total : 0),
              signal: controller.signal,
            });
            uploaded = { blob: tutorial, mediaId: result.mediaId, url: result.url };
            uploadedRef.current = uploaded;
          }
          media = {
            tutorialMediaId: uploaded.mediaId,
            tutorialVideoUrl: TUTORIAL_URL_RE.test(uploaded.url) ? uploaded.url : null,
          };
        }
        const payload = { ...buildCreatePayload(state, user), ...media };
        const pact = await create.mutateAsync({ body: payload, signal: controller.signal });
        toast({
          title: 'Pact Created!',
          // A private Pact is the creator's alone: nobody to invite.
          description:
            pact.visibility === 'private'
              ? `"${pact.title}" is ready. It is yours alone: only you see it.`
              : `"${pact.title}" is ready. Invite friends to join you.`,
        });
        closeCreateWizard();
      } catch (error) {
        if (controller.signal.aborted) return;
        toast({ title: 'Failed to create Pact', description: errorMessage(error), variant: 'destructive' });
      } finally {
        abortRef.current = null;
        setBusy(false);
        setProgress(null);
      }
    },
    [user, create],
  );

  return { submit, busy, progress };
}
