import { existsSync } from 'node:fs';

/**
 * The font PDFs are written in (issue #23: the books; issue #25: the parents' statements): one
 * font that has Latin and CJK glyphs, so English and Chinese texts both print. Debian's
 * fonts-wqy-microhei by default; `PDF_CJK_FONT` names another file. pdfkit embeds only the
 * glyphs a document uses.
 */
export const DEFAULT_CJK_FONT_PATH = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
/**
 * The face of the default collection: a .ttc holds several, and pdfkit (fontkit) picks one by
 * its PostScript name (`fc-query FILE | grep postscriptname`), not by the family name.
 */
export const DEFAULT_CJK_FONT_FAMILY = 'WenQuanYiMicroHei';

export interface PdfFont {
  path: string;
  /** For a font collection (.ttc/.otc): the PostScript name of the face to use. */
  family?: string;
}

/**
 * The CJK font to write PDFs with, or undefined when its file is missing (the caller answers a
 * clear 503). `path` overrides the environment's `PDF_CJK_FONT`; `family` the face of a
 * collection (default: `PDF_CJK_FONT_FAMILY`, else the WenQuanYi face).
 */
export function cjkFont(
  options: { path?: string; family?: string } = {},
  env: NodeJS.ProcessEnv = process.env,
): PdfFont | undefined {
  const path = options.path ?? (env.PDF_CJK_FONT?.trim() || DEFAULT_CJK_FONT_PATH);
  if (!existsSync(path)) return undefined;
  const isCollection = /\.(ttc|otc)$/i.test(path);
  return isCollection
    ? { path, family: options.family ?? env.PDF_CJK_FONT_FAMILY ?? DEFAULT_CJK_FONT_FAMILY }
    : { path };
}
