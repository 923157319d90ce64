import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TotpEnrolment } from '../../../../shared/schemas/account-security.js';
import { totpCodeSchema } from '../../../../shared/schemas/account-security.js';
import { QrCode } from '../../../components/qr-code';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDisableTotp } from '../api/disable-totp';
import { useTwoFactor } from '../api/get-two-factor';
import { useStartTotp } from '../api/start-totp';
import { useVerifyTotp } from '../api/verify-totp';
import { RecoveryCodesList } from './RecoveryCodesList';

/** A form of one code field, its message from the server on that field. */
function CodeForm({ id, label, submitLabel, pendingLabel, variant, onCode }: {
  id: string;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: 'default' | 'destructive';
  onCode: (code: string) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (error) {
      setError('code', { type: 'server', message: error instanceof ApiError ? (error.errors.code ?? errorMessage(error, 'Invalid code')) : 'Invalid code' });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-xs gap-3">
      <FormField id={id} label={label} inputMode="numeric" autoComplete="one-time-code" spellCheck={false} error={errors.code?.message} {...register('code')} />
      <Button type="submit" variant={variant ?? 'default'} disabled={isSubmitting} className="w-fit">
        {isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

/**
 * Two-factor sign-in (CONTRACT.md section 15): set up with a QR code (drawn here, no
 * remote service) or the secret typed into the app, confirmed by a first code; the
 * recovery codes shown once; turned off with a code.
 */
export function TwoFactorCard({ userId }: { userId: number }) {
  const status = useTwoFactor(userId);
  const start = useStartTotp();
  const verify = useVerifyTotp(userId);
  const disable = useDisableTotp(userId);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const begin = async () => {
    try {
      setEnrolment(await start.mutateAsync());
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not start setup', description: errorMessage(error, 'Please try again') });
    }
  };

  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle>
          <h2 id="two-factor-title">Two-factor sign-in</h2>
        </CardTitle>
        <CardDescription>A code from an authenticator app, asked after your password, so a guessed password alone cannot sign in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {codes ? (
          <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />
        ) : status.isPending ? (
          <Skeleton className="h-9 w-48" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load two-factor settings
          </p>
        ) : status.data.enabled ? (
          <>
            <p className="text-sm">
              <strong>On.</strong> {status.data.recoveryCodesLeft} recovery {status.data.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
            </p>
            <CodeForm
              id="two-factor-disable-code"
              label="Code from your app, or a recovery code"
              submitLabel="Turn off two-factor sign-in"
              pendingLabel="Turning off..."
              variant="destructive"
              onCode={async (code) => {
                await disable.mutateAsync({ code });
                toast({ title: 'Two-factor sign-in is off', description: 'Your other sessions were signed out.' });
              }}
            />
          </>
        ) : enrolment ? (
          <div className="grid gap-4">
            <p className="text-sm">Scan this code with your authenticator app, or type the key into it. Then enter the six-digit code it shows.</p>
            <div className="w-fit max-w-full">
              <QrCode value={enrolment.otpauthUrl} size={192} label="QR code for your authenticator app" />
            </div>
            <p className="text-sm">
              Key: <code className="break-all rounded bg-muted px-1 font-mono" aria-label="Secret key">{enrolment.secret}</code>
            </p>
            <CodeForm
              id="two-factor-enrol-code"
              label="Six-digit code"
              submitLabel="Turn on"
              pendingLabel="Checking..."
              onCode={async (code) => {
                const { recoveryCodes } = await verify.mutateAsync({ code });
                setEnrolment(null);
                setCodes(recoveryCodes);
                toast({ title: 'Two-factor sign-in is on', description: 'Your other sessions were signed out.' });
              }}
            />
          </div>
        ) : (
          <Button type="button" onClick={begin} disabled={start.isPending} className="w-fit">
            {start.isPending ? 'Starting...' : 'Set up two-factor sign-in'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
