import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useEraseHistory, useHistory } from '../api/history';
import type { EditTarget } from '../api/keys';

/**
 * The author's private history of their thread or reply (CONTRACT.md section 14): the
 * earlier versions, newest first, seen by no one else, and "Erase history", which deletes
 * every one of them for good.
 */
export function HistoryDialog({ target, onOpenChange }: { target: EditTarget; onOpenChange: (open: boolean) => void }) {
  const history = useHistory(target, true);
  const erase = useEraseHistory(target);
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState(false);
  const versions = history.data ?? [];

  const onErase = async () => {
    try {
      await erase.mutateAsync();
      setConfirming(false);
      // Said inside the dialog: while it is open, everything outside it (the toasts too) is hidden from assistive technology.
      setErased(true);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to erase the history') });
    }
  };

  return (
    <>
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>History</DialogTitle>
            <DialogDescription>Earlier versions, newest first. Only you can see them.</DialogDescription>
          </DialogHeader>
          {erased && (
            <p role="status" className="text-sm font-medium">
              History erased: the earlier versions are gone for good.
            </p>
          )}
          {history.isPending ? (
            <p className="text-sm text-muted-foreground">Loading...</p>
          ) : history.isError ? (
            <p className="text-sm text-destructive">{errorMessage(history.error, 'Failed to load the history')}</p>
          ) : versions.length === 0 ? (
            !erased && <p className="text-sm text-muted-foreground">No earlier versions are kept.</p>
          ) : (
            <ol className="grid gap-3" aria-label="Earlier versions">
              {versions.map((revision) => (
                <li key={revision.version} className="grid gap-1 rounded-md border p-3">
                  <p className="text-xs text-muted-foreground">
                    Version {revision.version + 1} ·{' '}
                    {revision.editedAt ? (
                      <>
                        edited <time dateTime={revision.editedAt}>{formatDate(revision.editedAt)}</time>
                      </>
                    ) : (
                      'original'
                    )}
                  </p>
                  {revision.title !== undefined && <p className="font-medium break-words">{revision.title}</p>}
                  <p className="text-sm break-words whitespace-pre-wrap">{revision.content}</p>
                  {revision.premiumContent && <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">Premium: {revision.premiumContent}</p>}
                </li>
              ))}
            </ol>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button variant="destructive" disabled={versions.length === 0} onClick={() => setConfirming(true)}>
              Erase history
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Erase history"
        description="Every earlier version will be deleted for good; the current text stays, marked as edited. This cannot be undone."
        confirmLabel="Erase"
        pendingLabel="Erasing..."
        pending={erase.isPending}
        onConfirm={() => void onErase()}
      />
    </>
  );
}
