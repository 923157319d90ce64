import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { deleteAccountFormSchema } from '../../../../shared/schemas/auth.js';
import { useNavigate } from '../../../app/router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import { showServerFieldErrors } from './server-errors';

/**
 * 'Delete account' on the own profile's edit page (CONTRACT.md section 11): the password,
 * and the username typed out before the button wakes up. Afterwards the visitor is
 * signed out and back home; their threads and posts stay, anonymous.
 */
export function DeleteAccountCard({ username }: { username: string }) {
  const navigate = useNavigate();
  const remove = useDeleteAccount(() => navigate('/', { replace: true }));
  const resolver = useMemo(() => zodResolver(deleteAccountFormSchema(username)), [username]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { password: '', confirmation: '' } });
  const confirmed = useWatch({ control, name: 'confirmation' }) === username;

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await remove.mutateAsync({ password });
      toast({ title: 'Account deleted', description: 'Your account is gone; your threads and posts stay, anonymous.' });
    } catch (error) {
      showServerFieldErrors(error, ['password'], setError);
      toast({ variant: 'destructive', title: 'Account not deleted', description: errorMessage(error, 'Your account could not be deleted') });
    }
  });

  return (
    <Card className="border-destructive/50" role="region" aria-labelledby="delete-account-title">
      <CardHeader>
        <CardTitle className="text-destructive">
          <h2 id="delete-account-title">Delete account</h2>
        </CardTitle>
        <CardDescription>
          This cannot be undone. Your sessions, crypto addresses, linked wallets, follows and saved threads are deleted; your threads and
          posts stay, shown as Anonymous to everyone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-4">
          <FormField
            id="delete-account-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <FormField
            id="delete-account-confirmation"
            label={`Type ${username} to confirm`}
            autoComplete="off"
            spellCheck={false}
            error={errors.confirmation?.message}
            {...register('confirmation')}
          />
          <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending} className="w-fit">
            {remove.isPending ? 'Deleting...' : 'Delete account'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
