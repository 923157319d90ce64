import { Link, Navigate } from '../app/router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { RecoverForm } from '../features/account-security/components/RecoverForm';
import { useUser } from '../lib/auth/get-user';

/** /recover: a forgotten password reset with a recovery code (CONTRACT.md section 15). */
export function RecoverPage() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Spinner label="Loading" className="mx-auto my-16 size-6" />;
  if (user) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto grid max-w-md gap-6">
      <title>Use a recovery code · Hushboard</title>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl tracking-tight">
            <h1>Forgot your password?</h1>
          </CardTitle>
          <CardDescription>
            Use one of your recovery codes to set a new password. Your anonymous posts stay yours. Without a code, the account cannot be
            recovered: there is no e-mail reset, by design.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RecoverForm />
          <Link to="/auth" className="text-sm underline underline-offset-4">
            Back to login
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
