import { useCallback } from 'react';
import { toast } from '../../../ui/use-toast';
import { pactInvite, type ShareData, shareOrCopy, siteInvite } from '../invite';

/** Shares `data` (Web Share API) or copies it, telling the user what happened when it was not the share sheet. */
export async function shareWithToast(data: ShareData): Promise<void> {
  const outcome = await shareOrCopy(data);
  if (outcome === 'copied') {
    toast({ title: 'Invite link copied', description: 'Paste it to your friends to invite them.' });
  } else if (outcome === 'failed') {
    toast({ title: 'Could not share', description: data.url, variant: 'destructive' });
  }
}

export function useInvite(pact: { id: number; title: string }): () => void {
  const { id, title } = pact;
  return useCallback(() => {
    void shareWithToast(pactInvite(window.location.origin, { id, title }));
  }, [id, title]);
}

export function useSiteInvite(): () => void {
  return useCallback(() => {
    void shareWithToast(siteInvite(window.location.origin));
  }, []);
}
