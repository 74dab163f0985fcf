import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { IconCard } from '../../ui/IconCard';
import { ProCreatorOffer } from './ProCreatorOffer';

/** The Teams screen's 'Become a Pro Creator' card and its Pro Creator modal (for users who are not Pro yet). */
export function BecomeProCreatorCard() {
  const [open, setOpen] = useState(false);
  return (
    <IconCard
      icon={Crown}
      tone="highlight"
      title="Become a Pro Creator"
      text="The creator programme is on its way. Join the waitlist to get in early at the early-bird price."
    >
      <ProCreatorOffer variant="inline" onJoinClick={() => setOpen(true)} />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          onOpenAutoFocus={(event) => {
            // Focus Join Waitlist, not the prefilled email: no keyboard pops up over the offer on a phone.
            const submit = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
              'button[type="submit"]',
            );
            if (!submit) return;
            event.preventDefault();
            submit.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Pro Creator</DialogTitle>
            <DialogDescription>Get in early and keep the early-bird price.</DialogDescription>
          </DialogHeader>
          <ProCreatorOffer variant="card" />
        </DialogContent>
      </Dialog>
    </IconCard>
  );
}
