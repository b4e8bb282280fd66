/** The visitor's offset in minutes east of UTC (the API's `time_diff`: UTC+8 → 480). */
export function browserTimeDiff(now = new Date()): number {
  return -now.getTimezoneOffset();
}

/** "Asia/Shanghai (UTC+08:00)": the zone the schedule times are shown in. */
export function timeZoneLabel(
  timeDiff: number,
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  const sign = timeDiff >= 0 ? '+' : '−';
  const abs = Math.abs(timeDiff);
  const offset = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return zone ? `${zone} (${offset})` : offset;
}

/** "1-19:00" → { weekday: 1, time: "19:00" } (the API's date_time strings). */
export function parseDayTime(value: string): { weekday: number; time: string } {
  const [day = '0', time = ''] = value.split('-');
  return { weekday: Number(day), time };
}
