import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankDetailsInput, MyCreator, MyProfile, ProfileUpdateInput } from '@agency/shared';
import { api } from '../../lib/api-client.ts';
import { MY_PROFILE_QUERY_KEY } from '../../lib/me.ts';

export { useMyProfile } from '../../lib/me.ts';

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => api.put<MyProfile>('/me/profile', input),
    onSuccess: (result) => {
      client.setQueryData(MY_PROFILE_QUERY_KEY, result.data);
      void client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export function useUpdateBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BankDetailsInput) => api.put<{ bankStatus: string }>('/me/bank', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me'] }),
  });
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.put<{ avatarUrl: string }>('/me/avatar', form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY }),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function useMyCreators(page: number, pageSize = 10) {
  return useQuery({
    queryKey: ['me', 'creators', page, pageSize],
    queryFn: async () => (await api.get<Page<MyCreator>>(`/me/creators?page=${page}&pageSize=${pageSize}`)).data,
  });
}

