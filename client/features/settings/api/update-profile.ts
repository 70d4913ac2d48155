import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema, type CurrentUser, type ProfileUpdateInput } from '@shared/auth.schema';
import { toast } from '@client/components/ui/use-toast';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** PATCH /api/profile; on success the current-user data is refreshed (spec section 7), then "Profile updated". */
export function updateProfile(input: ProfileUpdateInput): Promise<CurrentUser> {
  return apiJson(currentUserSchema, 'PATCH', '/api/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      toast({ title: 'Profile updated', description: 'Your profile has been successfully updated.' });
    },
    meta: { errorMessage: 'Failed to update profile. Please try again.' },
  });
}
