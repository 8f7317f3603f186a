/** The notes engines link points to their moment as `?t=SECONDS`; answers the time in ms, or null. */
export function parseSeekLink(href: string | undefined | null): number | null {
  const match = href?.match(/^\?t=(\d+(?:\.\d+)?)$/);
  return match ? Math.round(Number(match[1]) * 1000) : null;
}
