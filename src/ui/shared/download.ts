/** Saving text the page made: a same-origin download and a safe file name. */
/** Offers text as a file download (a same-origin blob: URL; nothing leaves the page). */
export function download(fileName: string, text: string, mime: string): void {
  downloadBlob(fileName, new Blob([text], { type: mime }));
}

/** Offers bytes the page made (a PNG) as a file download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "name" made safe for a file name. */
export function fileStem(name: string): string {
  return name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80) || 'report';
}
