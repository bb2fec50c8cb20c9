import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export async function resetPassword(input: { token: string; password: string }): Promise<{ message: string }> {
  return (await apiRequest('POST', '/api/auth/reset-password', input)).json();
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
