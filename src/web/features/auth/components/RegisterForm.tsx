import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { registerFormSchema } from '../../../../shared/schemas/auth.js';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastOnNextPage } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { CsrfField, ServerFormMessage, useServerForm } from '../../../lib/page-state';
import { useRegister } from '../api/register';
import { showServerFieldErrors } from './server-errors';

export function RegisterForm() {
  const registerUser = useRegister();
  // The server's answer to a post without JavaScript: what was typed (passwords aside), and its messages.
  const served = useServerForm('register');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: served?.values.username ?? '', email: served?.values.email ?? '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ username, email, password }) => {
    try {
      const user = await registerUser.mutateAsync({ username, password, email });
      // A full page load follows, so the toast is shown by the next page.
      toastOnNextPage({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
      window.location.assign('/');
    } catch (error) {
      showServerFieldErrors(error, ['username', 'email', 'password'], setError);
      toast({ variant: 'destructive', title: 'Registration failed', description: errorMessage(error, 'Could not create account') });
    }
  });

  // Stays disabled after success, while the browser loads the home page.
  const busy = registerUser.isPending || registerUser.isSuccess;

  return (
    // Without JavaScript the browser posts it (multipart, with `_csrf`); the server answers 303 or this form with its messages.
    <form method="post" action="/register" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="grid gap-4">
      <CsrfField />
      <ServerFormMessage name="register" />
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        error={errors.username?.message ?? served?.errors.username}
        defaultValue={served?.values.username}
        {...register('username')}
      />
      <FormField
        id="register-email"
        label="Email"
        hint="(optional)"
        type="email"
        autoComplete="email"
        error={errors.email?.message ?? served?.errors.email}
        defaultValue={served?.values.email}
        {...register('email')}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message ?? served?.errors.password}
        {...register('password')}
      />
      <FormField
        id="register-confirm-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message ?? served?.errors.confirmPassword}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={busy} className="mt-2 w-full">
        {busy && <Spinner className="size-4 text-current" />}
        {busy ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
