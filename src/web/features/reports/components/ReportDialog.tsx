import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCreateReport, type ReportTarget } from '../api/create-report';

interface ReportDialogProps {
  target: ReportTarget | null;
  onOpenChange: (open: boolean) => void;
}

/** Report a thread or a post to the moderators, with a reason. */
export function ReportDialog({ target, onOpenChange }: ReportDialogProps) {
  const what = target && 'postId' in target ? 'post' : 'thread';
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Report {what}</DialogTitle>
          <DialogDescription>Tell the moderators what is wrong with this {what}.</DialogDescription>
        </DialogHeader>
        {target && <ReportForm target={target} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useCreateReport();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Please give a reason');
      return;
    }
    try {
      await report.mutateAsync({ ...target, reason: reason.trim() });
      toast({ title: 'Report sent', description: 'Thank you. A moderator will review it.' });
      onDone();
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Report failed', description: errorMessage(failure, 'Failed to send the report') });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="report-reason">Reason</Label>
        <Textarea
          id="report-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'report-reason-error' : undefined}
        />
        {error && (
          <p id="report-reason-error" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? 'Sending...' : 'Send Report'}
        </Button>
      </DialogFooter>
    </form>
  );
}
