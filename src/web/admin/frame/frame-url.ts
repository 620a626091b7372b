export interface FrameSearch {
  /** The address to show. */
  url?: string;
}

export const frameSearch = (search: Record<string, unknown>): FrameSearch =>
  typeof search.url === 'string' ? { url: search.url } : {};

/** The address as a URL when it is an absolute http(s) address; anything else is refused. */
export function frameUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The iframe's sandbox: scripts, forms and popups run; an outside page keeps its own origin (its
 * cookies, its storage); a page of this app's own origin does not get it, so it cannot reach the
 * app's session.
 */
export function frameSandbox(url: URL, ownOrigin: string): string {
  const base = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';
  return url.origin === ownOrigin ? base : `${base} allow-same-origin`;
}
