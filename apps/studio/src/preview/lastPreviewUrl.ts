const key = (pid: string) => `liftoff.preview.url.${pid}`;

/** The page last previewed on this property, from this browser (storage may be blocked). */
export function lastPreviewUrl(pid: string): string | null {
  try {
    return localStorage.getItem(key(pid));
  } catch {
    return null;
  }
}

export function rememberPreviewUrl(pid: string, url: string): void {
  try {
    localStorage.setItem(key(pid), url);
  } catch {
    // Without storage the field is prefilled from the property's domain next time.
  }
}
