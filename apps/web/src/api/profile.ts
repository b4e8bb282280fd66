import { queryOptions } from '@tanstack/react-query';
import { ProfileSchema, UserInfoSchema } from '@portal/shared/auth';
import { api } from '../lib/api-client';
import { storage } from '../lib/storage';
import { timeDiff } from '@portal/web-kit/time';

/**
 * `GET /api/user/profile`. Shared by every signed-in screen (header, children, profile), so it
 * lives here rather than in one feature; mutations that change the profile invalidate this key.
 */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    // This month's lesson counts in the browser's zone, as every other screen (decision 035).
    queryFn: async ({ signal }) => {
      const profile = await api.get('/api/user/profile', {
        query: { time_diff: timeDiff() },
        schema: ProfileSchema,
        signal,
      });
      storage.setCurrentStudent(profile.student_info?.student_sn);
      return profile;
    },
  });

/** `GET /api/getUserInfo`: the profile with the parent's course adviser card. */
export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['user-info'],
    queryFn: ({ signal }) =>
      api.get('/api/getUserInfo', {
        query: { time_diff: timeDiff() },
        schema: UserInfoSchema,
        signal,
      }),
  });
