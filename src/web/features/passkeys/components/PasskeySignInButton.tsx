import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastOnNextPage } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { signInWithPasskey, wasCancelled } from '../api/ceremonies';

/**
 * "Sign in with a passkey" on the login tab (CONTRACT.md section 15): no username typed,
 * the browser offers this site's passkeys. A full page load follows, as after a login.
 */
export function PasskeySignInButton() {
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      const { user, unlocked } = await signInWithPasskey();
      toastOnNextPage({
        title: 'Login successful',
        description: unlocked
          ? `Welcome back, ${user.username}!`
          : `Welcome back, ${user.username}! This passkey cannot unlock your anonymous posts: your password will be asked for once, when they are needed.`,
      });
      window.location.assign('/');
    } catch (error) {
      setBusy(false);
      if (wasCancelled(error)) return;
      toast({ variant: 'destructive', title: 'Login failed', description: errorMessage(error, 'Your passkey could not sign you in') });
    }
  };

  return (
    <div className="mt-4 grid gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={() => void onClick()}>
        {busy ? <Spinner className="size-4 text-current" /> : <KeyRound aria-hidden="true" />}
        {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
