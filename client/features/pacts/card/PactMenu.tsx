import type { Challenge } from '@shared/api/pacts';
import { Eye, EyeOff, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { useUpdatePact } from '../../../api/pacts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../ui/DropdownMenu';
import { toast } from '../../../ui/use-toast';
import { DeletePactDialog } from './DeletePactDialog';

/** The edit dialog (with the tutorial camera and the upload client) loads when Edit is chosen, not with every card. */
const EditPactDialog = lazy(async () => ({ default: (await import('./EditPactDialog')).EditPactDialog }));

/** The creator's menu on a Pact card: Edit, Hide/Show and Delete. */
export function PactMenu({ challenge }: { challenge: Challenge }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const update = useUpdatePact();
  const hidden = challenge.isHidden;

  // mutateAsync so the toast shows even when the card leaves the list meanwhile (see DeletePactDialog).
  const toggleHidden = () => {
    update
      .mutateAsync({ id: challenge.id, changes: { isHidden: !hidden } })
      .then(
        () =>
          toast(
            hidden
              ? { title: 'Workout shown', description: 'Your workout is now visible to others' }
              : { title: 'Workout hidden', description: 'Your workout is now hidden from others' },
          ),
        (error: unknown) =>
          toast({
            title: 'Failed to update workout',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      )
      .finally(() => setMenuOpen(false));
  };

  const hideLabel = update.isPending ? (hidden ? 'Showing...' : 'Hiding...') : hidden ? 'Show' : 'Hide';

  return (
    <>
      <DropdownMenu
        modal={false}
        open={menuOpen}
        onOpenChange={(open) => setMenuOpen(open || update.isPending)}
      >
        <DropdownMenuTrigger
          aria-label="Pact options"
          className="-mr-1.5 -mt-1.5 flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setDialog('edit')}>
            <Pencil aria-hidden="true" />
            Edit
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={update.isPending}
            onSelect={(event) => {
              // Stay open so the pending label ('Hiding...') is seen; closes when the request settles.
              event.preventDefault();
              toggleHidden();
            }}
          >
            {hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
            {hideLabel}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setDialog('delete')}>
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog === 'edit' ? (
        <Suspense fallback={null}>
          <EditPactDialog challenge={challenge} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      <DeletePactDialog
        challenge={challenge}
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
      />
    </>
  );
}
