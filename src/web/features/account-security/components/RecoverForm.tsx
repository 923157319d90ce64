import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { recoverFormSchema } from '../../../../shared/schemas/account-security.js';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast, toastOnNextPage } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRecover } from '../api/recover';

/**
 * "Forgot password? Use a recovery code" (CONTRACT.md section 15): username, one unused
 * recovery code and a new password; signs in, the account's anonymous posts still its own.
 */
export function RecoverForm() {
  const recover = useRecover();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(recoverFormSchema), defaultValues: { username: '', recoveryCode: '', newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ username, recoveryCode, newPassword }) => {
    try {
      const user = await recover.mutateAsync({ username, recoveryCode, newPassword });
      toastOnNextPage({ title: 'Password reset', description: `Welcome back, ${user.username}! That recovery code is now used up.` });
      window.location.assign('/');
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['username', 'recoveryCode', 'newPassword'] as const) if (error.errors[field]) setError(field, { type: 'server', message: error.errors[field] });
      }
      toast({ variant: 'destructive', title: 'Password not reset', description: errorMessage(error, 'Invalid username or recovery code') });
    }
  });
  const busy = recover.isPending || recover.isSuccess;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="recover-username" label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <FormField id="recover-code" label="Recovery code" autoComplete="off" spellCheck={false} error={errors.recoveryCode?.message} {...register('recoveryCode')} />
      <FormField id="recover-password" label="New password" type="password" autoComplete="new-password" error={errors.newPassword?.message} {...register('newPassword')} />
      <FormField id="recover-confirm" label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Resetting...' : 'Set new password and sign in'}
      </Button>
    </form>
  );
}
