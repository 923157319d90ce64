import type { Thread } from '../../../../shared/api.js';
import { useNavigate } from '../../../app/router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteThread } from '../api/delete-thread';

/** 'Delete Thread' confirmation (SPEC.md section 2, dialogs); after deleting on its page, back to the board. */
export function DeleteThreadDialog({
  thread,
  open,
  onOpenChange,
  leaveTo,
}: {
  thread: Thread;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  leaveTo?: string;
}) {
  const remove = useDeleteThread();
  const navigate = useNavigate();
  const onConfirm = async () => {
    try {
      await remove.mutateAsync(thread.id);
      onOpenChange(false);
      toast({ title: 'Thread deleted', description: 'The thread has been successfully deleted' });
      if (leaveTo) await navigate(leaveTo);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to delete thread') });
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Thread"
      description="Are you sure you want to delete this thread? This action cannot be undone and will delete the thread and all its replies."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={() => void onConfirm()}
    />
  );
}
