import { useState, type FormEvent } from 'react';
import type { BanScope } from '../../../../shared/api.js';
import { BAN_SCOPE_LABELS, BAN_SCOPES } from '../../../../shared/schemas/moderation.js';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useBanIp } from '../api/ban-ip';
import { useBanPreview } from '../api/get-ban-preview';

interface BanDialogProps {
  ipHash: string | null;
  onOpenChange: (open: boolean) => void;
  /** In the moderation panel the wording is about IP addresses (SPEC.md section 8). */
  wording?: 'user' | 'ip';
}

const WORDING = {
  user: { title: 'Ban User', success: ['User Banned', 'The user has been banned successfully.'], failure: 'Failed to ban user' },
  ip: { title: 'Ban IP', success: ['IP Banned', 'The IP hash has been banned.'], failure: 'Failed to ban IP address' },
} as const;

/** Ban User (SPEC.md section 2, dialogs): the IP hash of a thread or post and an optional reason. */
export function BanDialog({ ipHash, onOpenChange, wording = 'user' }: BanDialogProps) {
  return (
    <Dialog open={ipHash !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{WORDING[wording].title}</DialogTitle>
          <DialogDescription>Ban the IP hash this content was posted from, or the range of addresses around it.</DialogDescription>
        </DialogHeader>
        {ipHash !== null && <BanForm key={ipHash} ipHash={ipHash} wording={wording} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function BanForm({ ipHash, wording, onDone }: { ipHash: string; wording: 'user' | 'ip'; onDone: () => void }) {
  const text = WORDING[wording];
  const [reason, setReason] = useState('');
  const [scope, setScope] = useState<BanScope>('ip');
  // A range ban is confirmed against the number of known addresses it covers.
  const preview = useBanPreview(ipHash, scope);
  const [error, setError] = useState<string | null>(null);
  const ban = useBanIp();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ipHash.trim()) {
      setError('IP Hash is required');
      toast({ variant: 'destructive', title: 'Missing Information', description: 'IP Hash is required' });
      return;
    }
    try {
      await ban.mutateAsync({ ipHash, scope, reason: reason.trim() || undefined });
      toast({ title: text.success[0], description: text.success[1] });
      onDone();
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Ban Failed', description: errorMessage(failure, text.failure) });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="ban-ip-hash">IP Hash</Label>
        <Input id="ban-ip-hash" value={ipHash} readOnly className="font-mono text-xs" aria-invalid={error ? true : undefined} />
        {error && <p className="text-sm text-destructive">{error}</p>}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="ban-scope">Scope</Label>
        <NativeSelect id="ban-scope" value={scope} onChange={(event) => setScope(event.target.value as BanScope)}>
          {BAN_SCOPES.map((value) => (
            <option key={value} value={value}>
              {BAN_SCOPE_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {preview.isPending
            ? 'Counting the addresses it covers...'
            : preview.isError
              ? errorMessage(preview.error, 'The range could not be counted')
              : `Covers ${preview.data.covered} known ${preview.data.covered === 1 ? 'address' : 'addresses'}.`}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="ban-reason">
          Reason <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input id="ban-reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={ban.isPending || (scope !== 'ip' && !preview.isSuccess)}>
          {ban.isPending ? 'Banning...' : text.title}
        </Button>
      </DialogFooter>
    </form>
  );
}
