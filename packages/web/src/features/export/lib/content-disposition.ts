/**
 * The file name in a Content-Disposition header: the RFC 5987 `filename*` (UTF-8, the title as
 * written) when present, else the plain `filename`, else the fallback.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = header.match(/filename\*\s*=\s*UTF-8''([^;]+)/i);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: the plain name below is still good.
    }
  }
  const plain = header.match(/filename\s*=\s*"([^"]*)"/i) ?? header.match(/filename\s*=\s*([^;]+)/i);
  return plain?.[1]?.trim() || fallback;
}
