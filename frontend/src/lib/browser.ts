/**
 * Leaving the app for another URL (a presigned download link). Behind an object so tests can
 * replace it: jsdom cannot navigate.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
