/** The file name a download's Content-Disposition gives (RFC 6266: `filename*=UTF-8''…` first, then `filename="…"`), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** Saves a downloaded file (a report as CSV or XLSX) under the name the server gave it. */
export async function saveResponse(response: Response, fallback: string): Promise<void> {
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallback);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the blob once the click is handled; the URL is let go after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
