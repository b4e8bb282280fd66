import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { homePathFor } from '../../../lib/account';
import { storage } from '../../../lib/storage';

/** Spec §2: a sign-in screen opened with a stored token goes where the parent belongs. */
export function useSignedInRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const info = storage.getUserInfo();
    if (storage.getToken() && info) void navigate(homePathFor(info.status), { replace: true });
  }, [navigate]);
}
