import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export async function forgotPassword(email: string): Promise<{ message: string }> {
  return (await apiRequest('POST', '/api/auth/forgot-password', { email })).json();
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
