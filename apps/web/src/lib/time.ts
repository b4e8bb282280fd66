/** The visitor's offset from UTC in minutes east (decisions.md `time_diff`; UTC+8 is 480). */
export function timeDiff(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}
