import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { passkeyNameSchema, type Passkey } from '../../../../shared/schemas/webauthn.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { wasCancelled } from '../api/ceremonies';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';

/** The name field's message, from the rule the API applies too. */
const nameError = (name: string) => {
  const parsed = passkeyNameSchema.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

/**
 * Passkeys in the own profile's settings (CONTRACT.md section 15): add one with a name,
 * see each with its dates and whether it unlocks the anonymous posts, rename, remove.
 */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    try {
      const passkey = await add.mutateAsync(name.trim());
      setName('');
      toast({
        title: 'Passkey added',
        description: passkey.unlocksAnonymousPosts
          ? 'It signs you in and unlocks your anonymous posts.'
          : 'It signs you in; your password will still be asked for once per session to unlock your anonymous posts.',
      });
    } catch (caught) {
      if (wasCancelled(caught)) return;
      // The browser's answer when this authenticator already holds one of the account's passkeys (excludeCredentials).
      const description = caught instanceof Error && caught.name === 'InvalidStateError' ? 'This device already holds a passkey for your account' : errorMessage(caught, 'Your passkey could not be added');
      toast({ variant: 'destructive', title: 'Passkey not added', description });
    }
  };

  return (
    <Card role="region" aria-labelledby="passkeys-title">
      <CardHeader>
        <CardTitle>
          <h2 id="passkeys-title">Passkeys</h2>
        </CardTitle>
        <CardDescription>
          Sign in with your device instead of your password. A passkey whose authenticator supports the PRF extension also unlocks
          your anonymous posts; with any other, you are asked for your password once per session, when your anonymous posts are needed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={onAdd} noValidate className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <FormField
            id="passkey-name"
            label="Passkey name"
            placeholder="e.g. My laptop"
            autoComplete="off"
            maxLength={64}
            value={name}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button type="submit" disabled={add.isPending} className="w-fit">
            <KeyRound aria-hidden="true" />
            {add.isPending ? 'Adding...' : 'Add passkey'}
          </Button>
        </form>
        {passkeys.isPending ? (
          <p className="text-sm text-muted-foreground">Loading passkeys...</p>
        ) : passkeys.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your passkeys could not be loaded
          </p>
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Your passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  const onRename = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    try {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      setEditing(false);
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Passkey not renamed', description: errorMessage(caught, 'Your passkey could not be renamed') });
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync(passkey.id);
      setConfirming(false);
      toast({ title: 'Passkey removed', description: `"${passkey.name}" no longer signs you in.` });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Passkey not removed', description: errorMessage(caught, 'Your passkey could not be removed') });
    }
  };

  return (
    <li className="grid gap-2 rounded-lg border p-3">
      {editing ? (
        <form onSubmit={onRename} noValidate className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <FormField
            id={`passkey-${passkey.id}-name`}
            label="New name"
            autoComplete="off"
            maxLength={64}
            value={name}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
            autoFocus
          />
          <Button type="submit" size="sm" disabled={rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium break-all">{passkey.name}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => (setName(passkey.name), setEditing(true))} aria-label={`Rename ${passkey.name}`}>
              Rename
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={`Remove ${passkey.name}`}>
              Remove
            </Button>
          </div>
        </div>
      )}
      <p className="text-sm text-muted-foreground">
        Added {formatDate(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Never used to sign in'}
      </p>
      <div>
        <Badge variant={passkey.unlocksAnonymousPosts ? 'success' : 'outline'}>
          {passkey.unlocksAnonymousPosts ? 'Unlocks anonymous posts' : 'Asks for your password for anonymous posts'}
        </Badge>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this passkey?"
        description={`"${passkey.name}" will no longer sign you in. Your password and other passkeys keep working.`}
        confirmLabel="Remove passkey"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => void onRemove()}
      />
    </li>
  );
}
