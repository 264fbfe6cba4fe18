import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router';

type PlainLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of this site, from its root (`/videos/12/dir/`, `/search/1/?s=…`). */
  to: string;
};

/**
 * A link to a path of this site that the router follows without a page load, as React
 * Router's `<Link>` does, for the links a page repeats by the dozen (thumbs, the tag and
 * people strips). `<Link>` resolves its path against the matched routes on every render,
 * about a tenth of a 60-thumb listing's server render (issue 18); a path from the root needs
 * none of that. Clicks a browser gives a tab or a window of their own (a modifier key, the
 * middle button, a target) stay the browser's, as with `<Link>`.
 */
export function PlainLink({ to, onClick, ...props }: PlainLinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...props}
      href={to}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!followsInApp(event, props.target)) return;
        event.preventDefault();
        // A link to the page it is on replaces the entry instead of adding one, as <Link>.
        const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
        void navigate(to, { replace: here === to });
      }}
    />
  );
}

/** Whether a click on a link is the router's to follow (React Router's own test). */
export function followsInApp(
  event: Pick<
    MouseEvent,
    'defaultPrevented' | 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'
  >,
  target: string | undefined,
): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
