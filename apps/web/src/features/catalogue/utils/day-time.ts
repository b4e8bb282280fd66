/** "1-19:00" → { weekday: 1, time: "19:00" } (the API's date_time strings). */
export function parseDayTime(value: string): { weekday: number; time: string } {
  const [day = '0', time = ''] = value.split('-');
  return { weekday: Number(day), time };
}
