/**
 * Spec 7: a download is offered "as a file from text or from a URL". The file comes through the
 * API client (so the bearer token and the 10-minute timeout apply), then is handed to the browser
 * as a download under the server's file name.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
