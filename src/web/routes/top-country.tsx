import { useSuspenseQuery } from '@tanstack/react-query';
import { data, Form, type LoaderFunctionArgs, useLoaderData, useSubmit } from 'react-router';
import { COUNTRY_CODES, type Gender, PAGE_SIZE } from '../../contracts/constants.ts';
import { videos2Path } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { VideoGrid } from '../components/video-grid.tsx';
import styles from '../components/video-listing.module.css';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { countryName, countryOptions } from '../lib/country.ts';
import { LIST_LIFETIME, parsePage } from '../lib/listing.ts';

// Top videos of a country (SPEC.md §2 /top-country/{page}/): the visitor's country by
// default, any other through the picker (`?country=`). Country names come from the
// browser's own list (Intl.DisplayNames) in the page language.

type Country = (typeof COUNTRY_CODES)[number];

function isCountry(value: string | null | undefined): value is Country {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

function apiPath(gender: Gender, country: Country, page: number) {
  return videos2Path({
    lifetime: LIST_LIFETIME,
    gender,
    sort: 'most-popular',
    count: PAGE_SIZE.videos,
    section: 'top-country',
    objectId: country,
    page,
    type: 'all',
    duration: '',
    date: 'week',
  });
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const page = parsePage(params.page ?? '1');
  if (page === undefined) throw data(null, { status: 404 });
  const { queryClient, globals } = context.get(appContext);
  const asked = new URL(request.url).searchParams.get('country');
  const own = globals.country.toLowerCase();
  const country: Country = isCountry(asked) ? asked : isCountry(own) ? own : 'us';
  await queryClient.ensureQueryData(
    apiQuery<VideoListResponse>(apiPath(globals.gender, country, page)),
  );
  return { country, page };
}

export function Component() {
  const { t } = useTranslation();
  const { gender, lang } = useGlobals();
  const { country, page } = useLoaderData<typeof loader>();
  const list = useSuspenseQuery(apiQuery<VideoListResponse>(apiPath(gender, country, page))).data;
  const submit = useSubmit();
  const heading = t('topCountry.heading', { country: countryName(country, lang) });
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={heading}
      />
      <div className={styles.top}>
        <h1 className={styles.heading}>{heading}</h1>
        <Form
          method="get"
          action="/top-country/1/"
          className={styles.filters}
          onChange={(event) => submit(event.currentTarget)}
        >
          <label>
            <span>{t('topCountry.picker')}</span>
            <select name="country" defaultValue={country}>
              {countryOptions(lang).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit">{t('filters.apply')}</button>
          </noscript>
        </Form>
      </div>
      {list.videos.length > 0 ? (
        <VideoGrid videos={list.videos} eagerCount={4} />
      ) : (
        <p className={styles.empty}>{t('errors.videos_not_found')}</p>
      )}
      <Pagination
        page={page}
        pages={list.pages}
        href={(number) => `/top-country/${number}/?country=${country}`}
      />
    </>
  );
}
