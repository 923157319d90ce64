import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { UserProfile } from '../../../../shared/api.js';
import { BIO_MAX } from '../../../../shared/constants.js';
import { usernameSchema } from '../../../../shared/schemas/auth.js';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';

// The form always sends both fields; the server's updateProfileSchema checks them again.
const profileFormSchema = z.object({
  username: usernameSchema,
  bio: z.string().trim().max(BIO_MAX, 'Bio must be less than 500 characters'),
});

/** The Profile tab: username (SPEC.md section 5 rules) and bio. */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(profileFormSchema), defaultValues: { username: profile.username, bio: profile.bio ?? '' } });

  const onSubmit = handleSubmit(async ({ username, bio }) => {
    try {
      await update.mutateAsync({ id: profile.id, username, bio });
      toast({ title: 'Profile updated', description: 'Your profile has been saved.' });
    } catch (error) {
      if (error instanceof ApiError) {
        const usernameError = error.errors.username ?? (error.status === 409 ? error.serverMessage : undefined);
        if (usernameError) setError('username', { type: 'server', message: usernameError });
        if (error.errors.bio) setError('bio', { type: 'server', message: error.errors.bio });
      }
      toast({ variant: 'destructive', title: 'Update failed', description: errorMessage(error, 'Your profile could not be saved') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-4">
      <FormField id="profile-username" label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <div className="grid gap-2">
        <Label htmlFor="profile-bio">
          Bio<span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id="profile-bio"
          rows={4}
          placeholder="A few words about yourself"
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? 'profile-bio-error' : undefined}
          {...register('bio')}
        />
        {errors.bio && (
          <p id="profile-bio-error" className="text-sm text-destructive">
            {errors.bio.message}
          </p>
        )}
      </div>
      <Button type="submit" disabled={update.isPending} className="w-fit">
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
