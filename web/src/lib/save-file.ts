/** How long a saved file's address outlives the click: Firefox and Safari read it after the click returns. */
const keptForMs = 60_000;

/** Hands the browser a file to save under that name (a download, never a page). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), keptForMs);
}
