/** A LIKE/ILIKE pattern matching `text` anywhere: `%`, `_` and `\` typed by a user match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
