import { useQueryClient } from '@tanstack/react-query';
import { MessageDataSchema } from '@portal/shared/auth';
import { notify } from '@portal/web-kit/notify';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { api, ApiError, leaveForSignIn } from '../../../lib/api-client';

/** Logout (spec §4): revoke on the server, clear local storage and caches, go to sign-in. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await api.post('/api/user/logout', {}, { schema: MessageDataSchema, silent: true });
    } finally {
      queryClient.clear();
      await leaveForSignIn();
    }
  };
}

/**
 * The menu's "Reset password" (spec §7 judePasswordIshad): 200 → change it (type=1);
 * 400 → show the message, then set a first one (type=0).
 */
export function useResetPasswordEntry() {
  const navigate = useNavigate();
  return async () => {
    try {
      await api.post('/api/judePasswordIshad', {}, { schema: MessageDataSchema, silent: true });
      void navigate(paths.resetPassword(1));
    } catch (error) {
      if (error instanceof ApiError && error.code === 400) {
        notify('yellow', error.msg);
        void navigate(paths.resetPassword(0));
      }
    }
  };
}
