import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../ui/Card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { ProCreatorOffer } from './ProCreatorOffer';

/** The Teams screen's 'Become a Pro Creator' card and its Pro Creator modal (for users who are not Pro yet). */
export function BecomeProCreatorCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="relative overflow-hidden border-primary/40 bg-gradient-to-br from-accent via-card to-card p-5">
      <div className="mb-4 flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
          <Crown className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="font-extrabold text-lg leading-tight tracking-tight">Become a Pro Creator</h2>
          <p className="mt-1 text-muted-foreground text-sm">
            The creator programme is on its way. Join the waitlist to get in early at the early-bird price.
          </p>
        </div>
      </div>
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
    </Card>
  );
}
