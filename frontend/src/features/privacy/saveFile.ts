/**
 * Saves `text` as a file named `name` through a temporary object URL and a download link, so the
 * browser's own download handling applies (no new window, nothing left in the page).
 */
export function saveFile(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; give the browser a moment before releasing it.
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}
