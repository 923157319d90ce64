import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TWO_FACTOR_REQUIRED } from '../../../../shared/schemas/account-security.js';
import { loginSchema } from '../../../../shared/schemas/auth.js';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast, toastOnNextPage } from '../../../components/ui/use-toast';
import { Link } from '../../../app/router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { CsrfField, ServerFormMessage, useServerForm } from '../../../lib/page-state';
import { useLogin } from '../api/login';
import { showServerFieldErrors } from './server-errors';

export function LoginForm() {
  const login = useLogin();
  // The server's answer to a post without JavaScript: the username again, and its messages.
  const served = useServerForm('login');
  // The second-factor step (CONTRACT.md section 15): asked once the server said the
  // account needs a code, with or without JavaScript (the served form says so too).
  const [needsCode, setNeedsCode] = useState(served?.values.twoFactor === 'true');
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { username: served?.values.username ?? '', password: '', code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await login.mutateAsync(values);
      // A full page load follows, so the toast is shown by the next page.
      toastOnNextPage({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      window.location.assign('/');
    } catch (error) {
      if (error instanceof ApiError && error.serverMessage === TWO_FACTOR_REQUIRED) {
        setNeedsCode(true);
        // After the field renders.
        setTimeout(() => setFocus('code'), 0);
        return;
      }
      if (needsCode && error instanceof ApiError && error.status === 401 && error.serverMessage !== 'Invalid username or password') {
        setError('code', { type: 'server', message: error.serverMessage ?? 'Invalid code' });
        return;
      }
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
      {needsCode && (
        <>
          <input type="hidden" name="twoFactor" value="true" />
          <FormField
            id="login-code"
            label="Two-factor code"
            hint=" (from your authenticator app, or a recovery code)"
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            error={errors.code?.message ?? served?.errors.code}
            {...register('code')}
          />
        </>
      )}
      <Button type="submit" disabled={busy} className="mt-2 w-full">
        {busy && <Spinner className="size-4 text-current" />}
        {busy ? 'Logging in...' : 'Log in'}
      </Button>
      <Link to="/recover" className="text-center text-sm underline underline-offset-4">
        Forgot password? Use a recovery code
      </Link>
    </form>
  );
}
