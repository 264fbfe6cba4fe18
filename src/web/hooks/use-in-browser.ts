import { useEffect, useState } from 'react';

// For controls whose code is a lazy chunk: rendered by the server, such a control stays the
// server's dead markup until its chunk arrives, after the rest of the page is hydrated, and
// a click in that time is lost. Rendered only once this is true, it appears when it works.

/** False on the server and during hydration; true from the first render after it. */
export function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return inBrowser;
}
