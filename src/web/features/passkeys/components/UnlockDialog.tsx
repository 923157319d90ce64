import { type FormEvent, useState } from 'react';
import { unlockSchema } from '../../../../shared/schemas/webauthn.js';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { ApiError, api } from '../../../lib/api-client';

/**
 * The password prompt of a session a passkey without PRF opened (CONTRACT.md section 15):
 * shown when something needs the author key, once per session, saying why.
 * `onDone(true)` once the server unlocked the session, `onDone(false)` when dismissed.
 */
export function UnlockDialog({ onDone }: { onDone: (unlocked: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = unlockSchema.safeParse({ password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setPending(true);
    try {
      await api.post('/api/webauthn/unlock', parsed.data);
      onDone(true);
    } catch (caught) {
      setPending(false);
      setError(caught instanceof ApiError ? (caught.errors.password ?? caught.serverMessage ?? caught.message) : 'Your anonymous posts could not be unlocked');
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onDone(false)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Unlock your anonymous posts</DialogTitle>
          <DialogDescription>
            You signed in with a passkey that cannot unlock your anonymous posts (its authenticator lacks the PRF extension). Posting,
            voting and managing your anonymous posts need the key only your password opens. Enter it once: this session keeps it
            until you sign out.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
          <FormField
            id="unlock-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoFocus
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onDone(false)} disabled={pending}>
              Not now
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Unlocking...' : 'Unlock'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
