import { useLocation } from 'react-router';
import { useGlobals } from '../hooks/use-globals.ts';

// SPEC.md §1: the page title is the page title plus the product name; a description and
// sharing tags are set too.

export function PageMeta({
  title,
  description,
  image,
  noindex = false,
}: {
  title: string;
  description: string;
  image?: string;
  noindex?: boolean;
}) {
  const { site } = useGlobals();
  const location = useLocation();
  const fullTitle = `${title} - ${site.name}`;
  const canonical = `${site.url}${location.pathname}`;
  const imageUrl = image ? new URL(image, site.url).toString() : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content="website" />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
    </>
  );
}
