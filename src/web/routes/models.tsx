import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
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
import { ListScreen } from '../components/list-screen.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { ProfileCard, ProfileGrid } from '../components/profile-card.tsx';
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
  const heading = t(`models.sorts.${sort}`);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={t('models.description', { site: site.name })}
      />
      <ListScreen
        heading={heading}
        formAction="/models/"
        sort={sort}
        sorts={MODEL_SORTS.map((value) => ({ value, label: t(`models.sorts.${value}`) }))}
        fields={
          <>
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
          </>
        }
        empty={list.models.length > 0 ? undefined : t('models.empty')}
        page={page}
        pages={list.pages}
        href={(number) => `/models/${sort}/${number}/${filtersQuery(filters)}`}
      >
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
      </ListScreen>
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
