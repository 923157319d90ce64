import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginSchema } from '../../../../shared/schemas/auth.js';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastOnNextPage } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { CsrfField, ServerFormMessage, useServerForm } from '../../../lib/page-state';
import { useLogin } from '../api/login';
import { showServerFieldErrors } from './server-errors';

export function LoginForm() {
  const login = useLogin();
  // The server's answer to a post without JavaScript: the username again, and its messages.
  const served = useServerForm('login');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { username: served?.values.username ?? '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await login.mutateAsync(values);
      // A full page load follows, so the toast is shown by the next page.
      toastOnNextPage({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      window.location.assign('/');
    } catch (error) {
      showServerFieldErrors(error, ['username', 'password'], setError);
      toast({ variant: 'destructive', title: 'Login failed', description: errorMessage(error, 'Invalid username or password') });
    }
  });

  // Stays disabled after success, while the browser loads the home page.
  const busy = login.isPending || login.isSuccess;

  return (
    // Without JavaScript the browser posts it (multipart, with `_csrf`); the server answers 303 or this form with its messages.
    <form method="post" action="/login" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="grid gap-4">
      <CsrfField />
      <ServerFormMessage name="login" />
      <FormField
        id="login-username"
        label="Username"
        autoComplete="username"
        defaultValue={served?.values.username}
        error={errors.username?.message ?? served?.errors.username}
        {...register('username')}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message ?? served?.errors.password}
        {...register('password')}
      />
      <Button type="submit" disabled={busy} className="mt-2 w-full">
        {busy && <Spinner className="size-4 text-current" />}
        {busy ? 'Logging in...' : 'Log in'}
      </Button>
    </form>
  );
}
