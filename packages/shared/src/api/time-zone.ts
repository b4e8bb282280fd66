/** The cookie in which the parents' app keeps the browser's zone for the server (decision 056). */
export const ZONE_COOKIE = 'tz';

/**
 * An IANA zone name as the runtime's Intl knows it ("Asia/Shanghai", "UTC", also older aliases
 * such as "Asia/Calcutta"), in its canonical spelling; undefined for anything else
 * ("Invalid/Zone", "<script>…", "+08:00"). Browsers and Node ship different ICU lists, so the
 * test is "Intl can format in it", not membership of one list (issue #18 item 8).
 */
export function canonicalTimeZone(value: string): string | undefined {
  if (value.length > 64 || !/^[A-Za-z][\w+-]*(?:\/[\w+-]+){0,2}$/.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
