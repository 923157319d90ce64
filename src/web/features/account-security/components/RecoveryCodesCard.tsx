import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { regenerateRecoveryCodesSchema } from '../../../../shared/schemas/account-security.js';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { RecoveryCodesList } from './RecoveryCodesList';

/** Ten new recovery codes for the password (the old ones stop working), shown once. */
export function RecoveryCodesCard({ userId }: { userId: number }) {
  const regenerate = useRegenerateRecoveryCodes(userId);
  const [codes, setCodes] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(regenerateRecoveryCodesSchema), defaultValues: { password: '' } });
  const onSubmit = handleSubmit(async (input) => {
    try {
      setCodes((await regenerate.mutateAsync(input)).recoveryCodes);
      reset();
    } catch (error) {
      setError('password', { type: 'server', message: error instanceof ApiError ? (error.errors.password ?? errorMessage(error, 'Password is incorrect')) : 'Password is incorrect' });
    }
  });
  return (
    <Card role="region" aria-labelledby="recovery-codes-card-title">
      <CardHeader>
        <CardTitle>
          <h2 id="recovery-codes-card-title">Recovery codes</h2>
        </CardTitle>
        <CardDescription>
          Each code signs you in once without your authenticator, or sets a new password if you forget yours, keeping your anonymous posts
          yours. Without a password or a code, nobody can recover the account, not even an admin.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {codes ? (
          <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid max-w-xs gap-3">
            <FormField id="recovery-codes-password" label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
            <Button type="submit" variant="outline" disabled={isSubmitting} className="w-fit">
              {isSubmitting ? 'Making codes...' : 'Make new recovery codes'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
