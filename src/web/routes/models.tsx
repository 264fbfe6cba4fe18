import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  data,
  Form,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
  useSubmit,
} from 'react-router';
import { type Gender, PAGE_SIZE } from '../../contracts/constants.ts';
import {
  MODEL_SORTS,
  type ModelFilters,
  type ModelSort,
  modelsPath,
  parseModelFilters,
} from '../../contracts/models.paths.ts';
import type { ModelsResponse } from '../../contracts/models.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { ProfileCard, ProfileGrid } from '../components/profile-card.tsx';
import styles from '../components/video-listing.module.css';
import { useGlobals } from '../hooks/use-globals.ts';
import { parsePage } from '../lib/listing.ts';

// The model list (SPEC.md §2 /models/{sort}/{page}/, default most-popular) with the model
// filters of SPEC.md §3 in the query string (alphabet, race, age).

const LIFETIME = 3600;
const FILTER_KEYS = ['alphabet', 'race', 'age'] as const;
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz', '0-9'];

function isModelSort(value: string | undefined): value is ModelSort {
  return value !== undefined && (MODEL_SORTS as readonly string[]).includes(value);
}

/** Filters from the query string, keeping only values the API accepts. */
function parseQueryFilters(search: URLSearchParams): ModelFilters {
  const slots = [
    'alphabet',
    'race',
    'age',
    'country',
    'tits_size',
    'hair_color',
    'height',
    'weight',
    'tattoo',
    'piercing',
  ];
  const filters: ModelFilters = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key) ?? '';
    const probe = slots.map((slot) => `.${slot === key ? value : ''}`).join('');
    if (value && parseModelFilters(`filt${probe}`)?.[key] === value) filters[key] = value;
  }
  return filters;
}

function filtersQuery(filters: ModelFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key] as string);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function apiPath(gender: Gender, sort: ModelSort, page: number, filters: ModelFilters) {
  return modelsPath({ lifetime: LIFETIME, gender, filters, sort, count: PAGE_SIZE.videos, page });
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { sort } = params;
  const page = parsePage(params.page);
  if (!isModelSort(sort) || page === undefined) throw data(null, { status: 404 });
  const filters = parseQueryFilters(new URL(request.url).searchParams);
  const { queryClient, globals } = context.get(appContext);
  await queryClient.ensureQueryData(
    apiQuery<ModelsResponse>(apiPath(globals.gender, sort, page, filters)),
  );
  return { sort, page, filters };
}

export function Component() {
  const { t } = useTranslation();
  const { gender, site } = useGlobals();
  const { sort, page, filters } = useLoaderData<typeof loader>();
  const list = useSuspenseQuery(
    apiQuery<ModelsResponse>(apiPath(gender, sort, page, filters)),
  ).data;
  const submit = useSubmit();
  const heading = t(`models.sorts.${sort}`);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={t('models.description', { site: site.name })}
      />
      <div className={styles.top}>
        <h1 className={styles.heading}>{heading}</h1>
        <Form
          method="get"
          action="/models/"
          className={styles.filters}
          aria-label={t('filters.label')}
          onChange={(event) => submit(event.currentTarget)}
        >
          <label>
            <span>{t('filters.sort')}</span>
            <select name="sort" defaultValue={sort}>
              {MODEL_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`models.sorts.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('models.filters.alphabet')}</span>
            <select name="alphabet" defaultValue={filters.alphabet ?? ''}>
              <option value="">{t('models.filters.any')}</option>
              {LETTERS.map((letter) => (
                <option key={letter} value={letter}>
                  {letter.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('models.filters.race')}</span>
            <select name="race" defaultValue={filters.race ?? ''}>
              <option value="">{t('models.filters.any')}</option>
              {(['asian', 'caucasian', 'ebony', 'latin'] as const).map((race) => (
                <option key={race} value={race}>
                  {t(`models.races.${race}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('models.filters.age')}</span>
            <select name="age" defaultValue={filters.age ?? ''}>
              <option value="">{t('models.filters.any')}</option>
              {(['1', '2', '3', '4'] as const).map((age) => (
                <option key={age} value={age}>
                  {t(`models.ages.${age}`)}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit">{t('filters.apply')}</button>
          </noscript>
        </Form>
      </div>
      {list.models.length > 0 ? (
        <ProfileGrid>
          {list.models.map((model) => (
            <ProfileCard
              key={model.model_id}
              href={`/model/${model.dir}/`}
              image={model.img}
              title={model.title}
              videos={model.total_videos}
              views={model.statistics.viewed}
            />
          ))}
        </ProfileGrid>
      ) : (
        <p className={styles.empty}>{t('models.empty')}</p>
      )}
      <Pagination
        page={page}
        pages={list.pages}
        href={(number) => `/models/${sort}/${number}/${filtersQuery(filters)}`}
      />
    </>
  );
}

/** `/models/`, `/models/{sort}/` and the filter form: to the first page of the choice. */
export function modelsRedirectLoader({ params, request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const sort = params.sort ?? search.get('sort') ?? 'most-popular';
  if (!isModelSort(sort)) throw data(null, { status: 404 });
  return redirect(`/models/${sort}/1/${filtersQuery(parseQueryFilters(search))}`);
}
