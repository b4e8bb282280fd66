interface NavigatorLike {
  userAgent: string;
  userAgentData?: { brands?: { brand: string }[] };
}

/**
 * Spec §2: the classroom works in Chromium-based browsers (Chrome, Edge, …); others get a hint.
 * Prefers UA Client Hints; falls back to the user-agent string.
 */
export function isSupportedBrowser(nav: NavigatorLike): boolean {
  const brands = nav.userAgentData?.brands;
  if (brands?.length)
    return brands.some((b) => /Chromium|Google Chrome|Microsoft Edge/.test(b.brand));
  const ua = nav.userAgent;
  return /(Chrome|CriOS|Edg|Chromium)\//.test(ua) && !/OPR\/|SamsungBrowser/.test(ua);
}
