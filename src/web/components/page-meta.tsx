import { useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contracts/constants.ts';
import { useGlobals } from '../hooks/use-globals.ts';

// SPEC.md §1: the page title is the page title plus the product name; a description and
// sharing tags are set too.

export function PageMeta({
  title,
  description,
  image,
  noindex = false,
  jsonLd,
}: {
  title: string;
  description: string;
  image?: string;
  noindex?: boolean;
  /** Structured data (schema.org) of the page. */
  jsonLd?: Record<string, unknown>;
}) {
  const { site, lang } = useGlobals();
  const location = useLocation();
  const fullTitle = `${title} - ${site.name}`;
  // Each language has its own address (`?lang=`), so search engines can list them all.
  const inLanguage = (code: Language) =>
    `${site.url}${location.pathname}${code === DEFAULT_LANGUAGE ? '' : `?lang=${code}`}`;
  const canonical = inLanguage(lang);
  const imageUrl = image ? new URL(image, site.url).toString() : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      {noindex
        ? null
        : LANGUAGES.map((code) => (
            <link key={code} rel="alternate" hrefLang={code} href={inLanguage(code)} />
          ))}
      {noindex ? null : (
        <link rel="alternate" hrefLang="x-default" href={inLanguage(DEFAULT_LANGUAGE)} />
      )}
      {jsonLd ? (
        <script
          type="application/ld+json"
          // JSON-LD is data, never run; `<` is escaped so a title cannot close the tag.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, not markup
          dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
        />
      ) : null}
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
