import { lazy, Suspense, useState } from 'react';
import type { Board, CurrentUser } from '../../../../shared/api.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import type { PartTrigger } from '../../../lib/on-first-use';

// The form (and the validation libraries) load when the dialog first opens.
const ThreadForm = lazy(() => import('./ThreadForm').then((module) => ({ default: module.ThreadForm })));

export interface CreateThreadDialogProps {
  boards: Board[];
  user: CurrentUser | null;
  boardCode?: string | undefined;
  /** The button that opens it. */
  trigger: PartTrigger;
}

/** The dialog itself (CreateThreadDialog.tsx), mounted open on first use. */
export function CreateThreadDialogOpened({ boards, user, boardCode, trigger }: CreateThreadDialogProps) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[min(800px,calc(100dvh-2rem))] max-w-[600px]">
        <DialogHeader>
          <DialogTitle>New Thread</DialogTitle>
          <DialogDescription>Create a new thread to start a discussion</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Spinner className="mx-auto my-8" label="Loading the form" />}>
          <ThreadForm key={boardCode ?? ''} boards={boards} user={user} boardCode={boardCode} onCreated={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
