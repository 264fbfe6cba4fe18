import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CATEGORY_SELECTION_MAX, LIFETIME } from '../../../contracts/constants.ts';
import { categoriesPath } from '../../../contracts/discovery.paths.ts';
import type { CategoriesResponse } from '../../../contracts/discovery.schema.ts';
import { shortCount } from '../../../contracts/format.ts';
import type { VideoSort } from '../../../contracts/paths.ts';
import type { ListCategory } from '../../../contracts/video.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { categoryListPath, type ListingFilters, listingPath } from '../../lib/listing.ts';
import { type PanelCategory, panelCategories, toggleDir } from './category-panel.rules.ts';

// The categories panel of a video listing (SPEC.md §2 "Listing screen": a search box and
// checkboxes; §4: once three are chosen the others are disabled, and the tooltip says
// whether a box adds or removes). A column beside the list on a wide screen, a folded
// panel under the filters on a phone. Ticking a box opens the listing of the chosen
// categories with the same sort and filters; unticking the last goes back to all videos.
// The list of categories is the categories call (shared with /categories/), fetched once
// the panel can be seen.

const WIDE = '(min-width: 1025px)';
/**
 * Ids of the panel's parts (one panel per page). Not useId: parts rendered only in the
 * browser (the list) refer to parts the server rendered, whose ids must be the same.
 */
const id = 'category-panel';

/**
 * Whether the visitor has the (phone) panel open: a choice moves from all videos to a
 * category listing, another screen, whose panel opens again instead of folding away
 * between two ticks.
 */
let keptOpen = false;

export default function CategoryPanel({
  chosen,
  sort,
  filters,
}: {
  chosen: ListCategory[];
  sort: VideoSort;
  filters: ListingFilters;
}) {
  const { t } = useTranslation();
  const { gender, lang } = useGlobals();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [wide, setWide] = useState(false);
  // After the first render: the server's page (and its hydration) starts folded.
  useEffect(() => setOpen(keptOpen), []);
  const fold = (next: boolean) => {
    keptOpen = next;
    setOpen(next);
  };
  const [query, setQuery] = useState('');
  const dirs = chosen.map((c) => c.dir);
  // A tick shows at once; the address (and so `chosen`) follows when the list has loaded.
  const [ticked, setTicked] = useState<string[] | undefined>(undefined);
  const key = dirs.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's choice replaces a tick
  useEffect(() => setTicked(undefined), [key]);

  useEffect(() => {
    const media = window.matchMedia(WIDE);
    const update = () => setWide(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);

  const index = useQuery({
    ...apiQuery<CategoriesResponse>(categoriesPath(LIFETIME.video, gender, 'popular', lang)),
    enabled: wide || open,
  });
  const list = panelCategories<PanelCategory>(index.data?.categories ?? [], chosen, query);
  const current = ticked ?? dirs;
  const full = current.length >= CATEGORY_SELECTION_MAX;

  function tick(dir: string) {
    const next = toggleDir(current, dir, CATEGORY_SELECTION_MAX);
    setTicked(next);
    // Category listings have no history of their own: that sort starts at the newest.
    const listSort = sort === 'history' ? 'latest-updates' : sort;
    void navigate(
      next.length > 0
        ? categoryListPath(next, listSort, 1, filters)
        : listingPath(sort, 1, filters),
    );
  }

  const item = (category: PanelCategory, pinned: boolean) => {
    const checked = current.includes(category.dir);
    const disabled = full && !checked;
    return (
      <li key={category.dir} className={pinned ? 'cat-panel-pinned' : undefined}>
        <label
          className={disabled ? 'cat-panel-item cat-panel-disabled' : 'cat-panel-item'}
          title={
            checked
              ? t('categoryPanel.remove')
              : disabled
                ? t('categories.maxChosen', { max: CATEGORY_SELECTION_MAX })
                : t('categories.choose')
          }
        >
          <input
            type="checkbox"
            checked={checked}
            disabled={disabled}
            aria-describedby={disabled ? `${id}-full` : undefined}
            onChange={() => tick(category.dir)}
          />
          <span className="cat-panel-title">{category.title}</span>
          <span className="cat-panel-count">{shortCount(category.total_videos)}</span>
        </label>
      </li>
    );
  };

  const loading = !index.data && !index.isError;
  return (
    <section className="cat-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="cat-panel-heading">
        <button
          type="button"
          className="cat-panel-toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => fold(!open)}
        >
          <span>{t('nav.categories')}</span>
          {current.length > 0 ? <span className="cat-panel-badge">{current.length}</span> : null}
        </button>
        <span className="cat-panel-label">{t('nav.categories')}</span>
      </h2>
      <div
        id={`${id}-body`}
        className={open ? 'cat-panel-body' : 'cat-panel-body cat-panel-folded'}
      >
        <input
          type="search"
          className="cat-panel-search"
          placeholder={t('categories.searchLabel')}
          aria-label={t('categories.searchLabel')}
          aria-controls={`${id}-list`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => fold(true)}
        />
        <p id={`${id}-full`} className="cat-panel-note" hidden={!full}>
          {t('categories.maxChosen', { max: CATEGORY_SELECTION_MAX })}
        </p>
        <ul id={`${id}-list`} className="cat-panel-list" aria-label={t('nav.categories')}>
          {list.chosen.map((category) => item(category, true))}
          {list.others.map((category) => item(category, false))}
        </ul>
        {loading ? <p className="cat-panel-note">{t('common.loading')}</p> : null}
        {!loading && list.mode === 'search' && list.others.length === 0 ? (
          <p className="cat-panel-note" role="status">
            {t('categoryPanel.none')}
          </p>
        ) : null}
        <Link to="/categories/" className="cat-panel-all">
          {t('categoryPanel.all')}
        </Link>
      </div>
    </section>
  );
}
