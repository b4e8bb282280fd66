import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { profileQueryOptions } from '../../../api/profile';
import { storage } from '../../../lib/storage';
import { browserTimeZone } from '@portal/web-kit/time';

// The signed-in layout's hook, not api/profile.ts: that module is in the entry chunk, and
// useQuery would bring TanStack's observer to the sign-in page (bundle budget).

/** Zones sent this page view: at most one request per zone, even if the server spells it otherwise. */
const sentZones = new Set<string>();

/**
 * Keeps the parent's stored zone the browser's (decision 035). Every call from this app sends
 * `time_diff`; the stored zone is what the server uses for calls that cannot (a statement
 * opened from an e-mail, another device's first call), so it follows the parent when they
 * travel or switch devices.
 */
export function useKeepTimeZoneCurrent() {
  const queryClient = useQueryClient();
  const stored = useQuery({ ...profileQueryOptions(), enabled: storage.getToken() !== null }).data
    ?.time_zone;
  useEffect(() => {
    const zone = browserTimeZone();
    if (stored === undefined || !zone || stored === zone || sentZones.has(zone)) return;
    sentZones.add(zone);
    api
      .post('/api/user/timeZone', { time_zone: zone }, { silent: true })
      .then(() => queryClient.invalidateQueries(profileQueryOptions()))
      // The zone is a convenience: a failure changes nothing the parent sees on this device.
      .catch(() => undefined);
  }, [stored, queryClient]);
}
