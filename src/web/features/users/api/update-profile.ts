import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '../../../../shared/api.js';
import type { UpdateProfileInput } from '../../../../shared/schemas/users.js';
import { api } from '../../../lib/api-client';
import { getProfileQueryOptions } from './get-profile';
import { sharedKeys } from '../../../lib/query-keys';

/** PATCH /api/users/{id}: username and bio (owner or admin; 409 'Username is already taken'). */
export const updateProfile = ({ id, ...input }: UpdateProfileInput & { id: number }) => api.patch<UserProfile>(`/api/users/${id}`, input);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(getProfileQueryOptions(profile.id).queryKey, profile);
      // The header and menus show the signed-in user's name.
      await queryClient.invalidateQueries({ queryKey: sharedKeys.currentUser() });
    },
  });
}
