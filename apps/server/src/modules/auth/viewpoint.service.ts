import type { AppContext } from '../../app-context';
import { viewpointOf, type Viewpoint } from '../../lib/time';
import { findParentById } from '../parents/parents.service';

/**
 * How this parent sees times on this call (decision 035): the `time_diff` the client sent,
 * otherwise the zone stored on the profile (kept current by the app), otherwise UTC. Every call
 * that shows a time or a day goes through here, so one lesson never shows two times.
 */
export async function parentViewpoint(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
  timeDiff: number | undefined,
): Promise<Viewpoint> {
  if (timeDiff !== undefined) return viewpointOf(timeDiff, undefined);
  const parent = await findParentById(ctx.db, parentId);
  return viewpointOf(undefined, parent?.time_zone);
}
