import { localDayStart, seenFrom, type Viewpoint } from '../../lib/time';

/**
 * The instants a history's `start_at`/`end_at` days ("YYYY-MM-DD") cover for the viewpoint:
 * [start 00:00, the day after end 00:00), so both days are whole as the parent sees them.
 */
export function dayRange(
  query: { start_at?: string | undefined; end_at?: string | undefined },
  seen: Viewpoint,
): { from: Date | undefined; to: Date | undefined } {
  const at = (day: string, plus: number) => {
    const [year, month, date] = day.split('-').map(Number);
    return localDayStart(year!, month!, date! + plus, seen);
  };
  return {
    from: query.start_at ? at(query.start_at, 0) : undefined,
    to: query.end_at ? at(query.end_at, 1) : undefined,
  };
}

/** "YYYY-MM-DD HH:mm" of an instant as the viewpoint sees it (the histories' times). */
export function stamp(instant: Date, seen: Viewpoint): string {
  const local = seenFrom(instant, seen);
  return `${local.date} ${local.time}`;
}
