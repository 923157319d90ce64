import { useState, type FormEvent } from 'react';
import { suspendAuthorSchema } from '../../../../shared/schemas/moderation.js';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useSuspendAuthor } from '../api/suspend-author';

/** What is suspended: the author of this anonymous thread or post. */
export type SuspendTarget = { threadId: number } | { postId: number };

interface SuspendAuthorDialogProps {
  target: SuspendTarget | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Suspend author (CONTRACT.md section 13): the author of an anonymous thread or post is
 * suspended without anyone learning who they are; they see the reason on the ban page.
 */
export function SuspendAuthorDialog({ target, onOpenChange }: SuspendAuthorDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Suspend Author</DialogTitle>
          <DialogDescription>
            Whoever wrote this anonymously will be unable to log in, post, vote, tip or report. Nobody, admins included, learns who they are.
          </DialogDescription>
        </DialogHeader>
        {target !== null && <SuspendForm key={JSON.stringify(target)} target={target} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type Errors = Partial<Record<'threadId' | 'reason' | 'expiresAt', string>>;

function SuspendForm({ target, onDone }: { target: SuspendTarget; onDone: () => void }) {
  const suspend = useSuspendAuthor();
  const [reason, setReason] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // datetime-local has no zone: read it in the admin's own and send the instant.
    const expiry = expiresAt ? new Date(expiresAt) : null;
    const input = { ...target, reason, expiresAt: expiry && !Number.isNaN(expiry.getTime()) ? expiry.toISOString() : undefined };
    const parsed = suspendAuthorSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await suspend.mutateAsync(input);
      toast({ title: 'Author Suspended', description: 'The author of this content has been suspended.' });
      onDone();
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Suspension Failed', description: errorMessage(failure, 'Failed to suspend the author') });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <FormField
        id="suspend-reason"
        label="Reason"
        hint="(shown to the author)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        error={errors.reason ?? errors.threadId}
      />
      <FormField
        id="suspend-expiry"
        label="Expires"
        hint="(optional)"
        type="datetime-local"
        value={expiresAt}
        onChange={(event) => setExpiresAt(event.target.value)}
        error={errors.expiresAt}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={suspend.isPending}>
          {suspend.isPending ? 'Suspending...' : 'Suspend Author'}
        </Button>
      </DialogFooter>
    </form>
  );
}
