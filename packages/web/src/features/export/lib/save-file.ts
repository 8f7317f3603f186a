/** Hands a file to the browser's download manager under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    followLink(url, fileName);
  } finally {
    // Revoked on the next turn: the click has handed the blob to the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Opens a same-origin URL whose reply is an attachment: the browser saves it, the page stays. */
export function followLink(url: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
