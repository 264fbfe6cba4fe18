import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ACCOUNT_PURGE_DAYS } from '../../contracts/account-data.ts';
import { ContactPageButton } from '../components/contact/contact-page-button.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import {
  fill,
  INFORMATION,
  INFORMATION_PAGES,
  type InformationPage,
  TITLE_KEYS,
} from '../content/information.ts';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import type { SiteInfo } from '../ssr-types.ts';
import styles from './information.module.css';

// The information pages (SPEC.md §2 /information/ and its children).

function isPage(value: string | undefined): value is InformationPage {
  return value !== undefined && (INFORMATION_PAGES as readonly string[]).includes(value);
}

export function loader({ params }: LoaderFunctionArgs) {
  if (params.page === undefined) return { page: undefined };
  if (!isPage(params.page)) throw data(null, { status: 404 });
  return { page: params.page };
}

/** The custodian of records from the configuration (decision 0055), in English like the text. */
function Custodian({ custodian }: { custodian: SiteInfo['custodian'] }) {
  return (
    <section lang="en" className={styles.custodian} aria-labelledby="custodian-of-records">
      <h2 id="custodian-of-records">Custodian of records</h2>
      {custodian.demo ? (
        <p className={styles.note}>
          Demo values: the operator of this site has not configured its custodian of records yet
          (RECORDS_CUSTODIAN_NAME and RECORDS_CUSTODIAN_ADDRESS).
        </p>
      ) : null}
      <address>
        {custodian.name}
        {custodian.address.map((line) => (
          <span key={line}>
            <br />
            {line}
          </span>
        ))}
        <br />
        <a href={`mailto:${custodian.email}`}>{custodian.email}</a>
      </address>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { site, lang } = useGlobals();
  const { page } = useLoaderData<typeof loader>();
  if (page === undefined) {
    return (
      <article className={styles.page}>
        <PageMeta title={t('information.title')} description={t('information.title')} />
        <h1>{t('information.title')}</h1>
        <ul className={styles.index}>
          {INFORMATION_PAGES.map((slug) => (
            <li key={slug}>
              <Link to={`/information/${slug}/`}>{t(TITLE_KEYS[slug])}</Link>
            </li>
          ))}
        </ul>
      </article>
    );
  }
  const title = t(TITLE_KEYS[page]);
  const sections = INFORMATION[page];
  const text = (paragraph: string) => fill(paragraph, site.name, site.contactEmail);
  return (
    <article className={styles.page}>
      <PageMeta title={title} description={text(sections[0]?.paragraphs[0] ?? title)} />
      <h1>{title}</h1>
      {lang !== 'en' ? (
        <p className={styles.note} lang={lang}>
          {t('information.englishOnly')}
        </p>
      ) : null}
      {page === 'privacy' ? (
        // What a member can do with their data, in their language (decision 0057).
        <p className={styles.note} lang={lang}>
          {t('information.privacyDeletion', { days: ACCOUNT_PURGE_DAYS })}{' '}
          <Link to="/edit/">{t('edit.title')}</Link>
        </p>
      ) : null}
      <div lang="en">
        {sections.map((section, index) => (
          <section key={section.heading ?? index}>
            {section.heading ? <h2>{section.heading}</h2> : null}
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{text(paragraph)}</p>
            ))}
          </section>
        ))}
      </div>
      {page === '2257' ? <Custodian custodian={site.custodian} /> : null}
      <ContactPageButton page={page} />
      <p className={styles.contact}>
        {t('information.contact')} <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
      </p>
    </article>
  );
}
