import { ShieldOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Ban } from '../../../../shared/api.js';
import { banIpSchema, IP_HASH_REQUIRED } from '../../../../shared/schemas/moderation.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { LoadingRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useBanIp } from '../api/ban-ip';
import { useBannedIps } from '../api/get-banned-ips';
import { useUnbanIp } from '../api/unban-ip';
import { IpHashLabel } from './CopyHashButton';

/** Banned IPs tab: the ban form and the bans in force, each with copy and unban. */
export function BannedIpsPanel() {
  return (
    <div className="grid gap-6">
      <BanIpForm />
      <BanList />
    </div>
  );
}

function BanIpForm() {
  const ban = useBanIp();
  const [ipHash, setIpHash] = useState('');
  const [reason, setReason] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'ipHash' | 'reason' | 'expiresAt', string>>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // datetime-local has no zone: read it in the admin's own and send the instant.
    const expiry = expiresAt ? new Date(expiresAt) : null;
    const input = { ipHash: ipHash.trim(), reason: reason.trim() || undefined, expiresAt: expiry && !Number.isNaN(expiry.getTime()) ? expiry.toISOString() : undefined };
    if (!input.ipHash) {
      setErrors({ ipHash: IP_HASH_REQUIRED });
      toast({ variant: 'destructive', title: 'Missing Information', description: IP_HASH_REQUIRED });
      return;
    }
    const parsed = banIpSchema.safeParse(input);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await ban.mutateAsync(input);
      toast({ title: 'IP Banned', description: 'The IP hash has been banned.' });
      setIpHash('');
      setReason('');
      setExpiresAt('');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Ban Failed', description: errorMessage(error, 'Failed to ban IP address') });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Ban an IP Hash</h2>
        </CardTitle>
        <CardDescription>Banned hashes cannot register, log in, post, vote, tip or report. Leave the expiry empty for a permanent ban.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
          <FormField
            id="ban-form-ip-hash"
            label="IP Hash"
            value={ipHash}
            onChange={(event) => setIpHash(event.target.value)}
            placeholder="64 hexadecimal characters"
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-xs"
            error={errors.ipHash}
          />
          <div className="grid gap-4 md:grid-cols-2">
            <FormField
              id="ban-form-reason"
              label="Reason"
              hint="(optional)"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={500}
              error={errors.reason}
            />
            <FormField
              id="ban-form-expiry"
              label="Expires"
              hint="(optional)"
              type="datetime-local"
              value={expiresAt}
              onChange={(event) => setExpiresAt(event.target.value)}
              error={errors.expiresAt}
            />
          </div>
          <Button type="submit" variant="destructive" className="w-fit" disabled={ban.isPending}>
            {ban.isPending ? 'Banning...' : 'Ban IP'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function BanList() {
  const bans = useBannedIps();
  const unban = useUnbanIp();
  const [toUnban, setToUnban] = useState<Ban | null>(null);

  const onUnban = async () => {
    if (!toUnban) return;
    try {
      await unban.mutateAsync(toUnban.ipHash);
      toast({ title: 'IP Unbanned', description: 'The IP hash can take part again.' });
      setToUnban(null);
    } catch {
      toast({ variant: 'destructive', title: 'Unban Failed', description: 'Failed to unban IP address' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Banned IPs</h2>
        </CardTitle>
        <CardDescription>The bans in force, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {bans.isPending ? (
          <LoadingRows label="Loading bans" rowClassName="h-12" />
        ) : bans.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The banned IPs could not be loaded.
          </p>
        ) : bans.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No IP hashes are banned.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Banned IP hashes">
            {bans.data.map((entry) => (
              <li key={entry.id} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-center">
                <div className="grid min-w-0 gap-1">
                  <IpHashLabel ipHash={entry.ipHash} />
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    {entry.scope !== 'ip' && <Badge variant="destructive">{entry.scope === 'subnet' ? 'Subnet' : 'Wide range'}</Badge>}
                    <span>Banned {formatDate(entry.bannedAt)}</span>
                    {entry.bannedBy && <span>by {entry.bannedBy.username}</span>}
                    {entry.expiresAt ? <span>Expires {formatDate(entry.expiresAt)}</span> : <Badge variant="secondary">Permanent</Badge>}
                  </div>
                  <p className="text-sm">{entry.reason ?? <span className="text-muted-foreground">No reason given</span>}</p>
                </div>
                <Button variant="outline" size="sm" className="w-fit" onClick={() => setToUnban(entry)} aria-label={`Unban ${entry.ipHash.slice(0, 12)}`}>
                  <ShieldOff aria-hidden="true" />
                  Unban
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={toUnban !== null}
        onOpenChange={(open) => !open && setToUnban(null)}
        title="Unban IP"
        description={toUnban ? `Lift the ban on ${toUnban.ipHash.slice(0, 12)}…? It will be able to post, vote and report again.` : ''}
        confirmLabel="Unban"
        pendingLabel="Unbanning..."
        pending={unban.isPending}
        onConfirm={() => void onUnban()}
      />
    </Card>
  );
}
