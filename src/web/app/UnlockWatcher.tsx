import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import { onUnlockRequired } from '../lib/api-client';

type Dialog = ComponentType<{ onDone: (unlocked: boolean) => void }>;

/**
 * A call answering that the session's author key is locked (a passkey without PRF signed
 * in) opens the password prompt, loaded then and only then; the call is sent again once
 * unlocked, and what was fetched is fetched again (the anonymous posts become the user's own).
 */
export function UnlockWatcher() {
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState<{ Dialog: Dialog; resolve: (unlocked: boolean) => void } | null>(null);
  useEffect(() => {
    // Calls needing the key at once share one prompt.
    let waiting: Promise<boolean> | null = null;
    onUnlockRequired(() => {
      waiting ??= import('../features/passkeys/components/UnlockDialog').then(
        ({ UnlockDialog }) =>
          new Promise<boolean>((resolve) => setPrompt({ Dialog: UnlockDialog, resolve })),
      ).then((unlocked) => {
        waiting = null;
        setPrompt(null);
        if (unlocked) void queryClient.invalidateQueries();
        return unlocked;
      });
      return waiting;
    });
    return () => onUnlockRequired(null);
  }, [queryClient]);
  if (!prompt) return null;
  return <prompt.Dialog onDone={prompt.resolve} />;
}
