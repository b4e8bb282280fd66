import { useQueryClient } from '@tanstack/react-query';
import type { VerifyAnswer } from '@portal/shared/staff';
import { session } from '../../../lib/session';
import { meQuery } from '../../../lib/use-me';

/** Keeps the new session: its token, and the member for the frame (no second request for `me`). */
export function useCompleteSignIn(): (answer: VerifyAnswer) => void {
  const queryClient = useQueryClient();
  return (answer) => {
    session.start(answer.token, answer.expiresAt);
    queryClient.setQueryData(meQuery().queryKey, answer.me);
  };
}
