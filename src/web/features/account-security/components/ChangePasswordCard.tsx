import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changePasswordFormSchema } from '../../../../shared/schemas/account-security.js';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

/** PUT /api/user/password: the current password, the new one twice; the other sessions are signed out. */
export function ChangePasswordCard({ userId }: { userId: number }) {
  const change = useChangePassword(userId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast({ title: 'Password changed', description: 'Your other sessions were signed out.' });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['currentPassword', 'newPassword'] as const) if (error.errors[field]) setError(field, { type: 'server', message: error.errors[field] });
      }
      toast({ variant: 'destructive', title: 'Password not changed', description: errorMessage(error, 'Please try again') });
    }
  });
  return (
    <Card role="region" aria-labelledby="change-password-title">
      <CardHeader>
        <CardTitle>
          <h2 id="change-password-title">Change password</h2>
        </CardTitle>
        <CardDescription>Your anonymous posts stay yours; your other sessions are signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-4">
          <FormField id="change-password-current" label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
          <FormField id="change-password-new" label="New password" type="password" autoComplete="new-password" error={errors.newPassword?.message} {...register('newPassword')} />
          <FormField id="change-password-confirm" label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
          <Button type="submit" disabled={isSubmitting} className="w-fit">
            {isSubmitting ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
