/**
 * The IANA zones the browser knows, for the time zone picker; `current` (a teacher's stored zone,
 * possibly an alias such as "UTC" that the list leaves out) is kept so it stays choosable.
 */
export function timeZoneOptions(current?: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort();
}
