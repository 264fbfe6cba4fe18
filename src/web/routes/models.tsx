import { useSuspenseQuery } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { type Gender, PAGE_SIZE } from '../../contracts/constants.ts';
import {
  isModelFilterValue,
  MODEL_FILTER_KEYS,
  MODEL_SORTS,
  type ModelFilterKey,
  type ModelFilters,
  type ModelSort,
  modelsPath,
} from '../../contracts/models.paths.ts';
import type { ModelsResponse } from '../../contracts/models.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { ListScreen } from '../components/list-screen.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { ProfileCard, ProfileGrid } from '../components/profile-card.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { countryOptions } from '../lib/country.ts';
import { parsePage } from '../lib/listing.ts';
import { filtersQuery, readFilters } from '../lib/query-filters.ts';

// The model list (SPEC.md §2 /models/{sort}/{page}/, default most-popular) with the model
// filters of SPEC.md §3 in the query string.

const LIFETIME = 3600;
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz', '0-9'];

function isModelSort(value: string | undefined): value is ModelSort {
  return value !== undefined && (MODEL_SORTS as readonly string[]).includes(value);
}

const parseQueryFilters = (search: URLSearchParams): ModelFilters =>
  readFilters(search, MODEL_FILTER_KEYS, isModelFilterValue);

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
        fields={<ModelFilterFields filters={filters} />}
        empty={list.models.length > 0 ? undefined : t('models.empty')}
        page={page}
        pages={list.pages}
        href={(number) => `/models/${sort}/${number}/${filtersQuery(filters, MODEL_FILTER_KEYS)}`}
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

/** The ten model filters of SPEC.md §3, in the order of the API's slots. */
function ModelFilterFields({ filters }: { filters: ModelFilters }) {
  const { t, i18n } = useTranslation();
  const values = (keys: readonly string[], prefix: string) =>
    keys.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const fields: Record<
    ModelFilterKey,
    { label: string; options: { value: string; label: string }[] }
  > = {
    alphabet: {
      label: t('models.filters.alphabet'),
      options: LETTERS.map((letter) => ({ value: letter, label: letter.toUpperCase() })),
    },
    race: {
      label: t('models.filters.race'),
      options: values(['asian', 'caucasian', 'ebony', 'latin'], 'models.races'),
    },
    age: { label: t('models.filters.age'), options: values(['1', '2', '3', '4'], 'models.ages') },
    country: { label: t('profile.country'), options: countryOptions(i18n.language) },
    tits_size: {
      label: t('facts.breasts'),
      options: values(['small', 'medium', 'big', 'huge'], 'values.breasts'),
    },
    hair_color: {
      label: t('facts.hair'),
      options: values(['1', '2', '3', '4', '5'], 'values.hair'),
    },
    height: { label: t('facts.height'), options: values(['1', '2', '3', '4'], 'values.heights') },
    weight: { label: t('facts.weight'), options: values(['1', '2', '3', '4'], 'values.weights') },
    tattoo: { label: t('facts.tattoo'), options: values(['1', '2'], 'values.yesNo') },
    piercing: { label: t('facts.piercing'), options: values(['1', '2'], 'values.yesNo') },
  };
  return MODEL_FILTER_KEYS.map((key) => (
    <FilterSelect
      key={key}
      name={key}
      label={fields[key].label}
      value={filters[key]}
      options={fields[key].options}
    />
  ));
}

/** `/models/`, `/models/{sort}/` and the filter form: to the first page of the choice. */
export function modelsRedirectLoader({ params, request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const sort = params.sort ?? search.get('sort') ?? 'most-popular';
  if (!isModelSort(sort)) throw data(null, { status: 404 });
  return redirect(
    `/models/${sort}/1/${filtersQuery(parseQueryFilters(search), MODEL_FILTER_KEYS)}`,
  );
}
