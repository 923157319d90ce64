import { useState, type FormEvent } from 'react';
import { APPEAL_MAX, appealSchema } from '../../../../shared/schemas/moderation.js';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import { useAppealBan } from '../api/appeal-ban';

/** The appeal: why the ban should be lifted, checked by the same schema as the server's. */
export function AppealForm() {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const appeal = useAppealBan();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = appealSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid input');
      return;
    }
    setError(null);
    try {
      await appeal.mutateAsync(parsed.data);
    } catch (failure) {
      setError(errorMessage(failure, 'The appeal could not be sent'));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor="appeal-message">Your appeal</Label>
        <Textarea
          id="appeal-message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={APPEAL_MAX}
          rows={5}
          placeholder="Tell the moderators why this ban should be lifted."
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'appeal-message-error' : undefined}
        />
        {error && (
          <p id="appeal-message-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={appeal.isPending} className="justify-self-start">
        {appeal.isPending ? 'Sending...' : 'Send Appeal'}
      </Button>
    </form>
  );
}
