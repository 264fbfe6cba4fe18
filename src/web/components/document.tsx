import type { ReactNode } from 'react';
import type { PageGlobals } from '../ssr-types.ts';

// The whole HTML document is rendered by React (server) and hydrated (browser), so titles
// and meta tags from any route are hoisted into <head> by React itself.

export function Document({ globals, children }: { globals: PageGlobals; children: ReactNode }) {
  return (
    <html lang={globals.lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f0d12" />
        <meta name="rating" content="adult" />
        <meta name="RATING" content="RTA-5042-1996-1400-1577-RTA" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {globals.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
