import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from '../../ui/Button';
import { useCreateWizard } from './create-wizard-store';

/** The full-screen create-Pact overlay; its six steps (SPEC 4, Create wizard) are built inside this frame. */
export function CreateWizardHost() {
  const { isOpen, close } = useCreateWizard();
  if (!isOpen) return null;
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && close()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content className="fixed inset-0 z-50 flex flex-col bg-background pt-safe pb-safe data-[state=open]:animate-slide-up focus:outline-none">
          <header className="flex h-14 items-center justify-between border-border border-b px-4">
            <DialogPrimitive.Title className="font-bold text-lg tracking-tight">
              Create Pact
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </header>
          <DialogPrimitive.Description className="sr-only">
            Pick a template, who can join, your target and schedule.
          </DialogPrimitive.Description>
          <div className="flex-1 overflow-y-auto px-4 py-6" />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
