import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH } from '../../../contracts/constants.ts';
import { isSearchable, normaliseQuery } from '../../../contracts/discovery.paths.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { rememberSearch } from '../../lib/recent-searches.ts';
import styles from './header.module.css';
import { searchHref } from './search-options.ts';
import type { ComboState, SearchPanelHandle } from './search-panel.tsx';

// The header search (SPEC.md §4 "Search"), an ARIA combobox: the panel opens on focus; up
// to two characters it offers the last three searches, from three the suggestions (searches,
// categories, models, channels) after a 300 ms pause. Arrow keys move through them and the
// highlighted option is what Enter acts on; Escape closes. Queries outside 3-69 characters
// do nothing. Without JavaScript it is a plain GET form.
//
// Only the box is in the first-paint code: the panel (its data, keys and list) is its own
// chunk, fetched when the visitor first reaches for the box.

const SearchPanel = lazy(() => import('./search-panel.tsx'));

/**
 * A fixed id, not useId: the list is first rendered in the browser after hydration, and
 * must match the box's aria-controls as the server wrote it (one header search per page).
 */
const LIST_ID = 'site-search-list';

export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const panel = useRef<SearchPanelHandle>(null);
  /** What the box shows: the typed text, or the search highlighted in the panel. */
  const [text, setText] = useState('');
  /** What the visitor typed: the suggestions follow it. */
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [combo, setCombo] = useState<ComboState>({ expanded: false, active: undefined });

  const reach = () => {
    setWanted(true);
    setOpen(true);
  };

  const expanded = open && combo.expanded;
  return (
    <search className={styles.search}>
      <form
        action="/search/1/"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const query = normaliseQuery(text);
          if (!isSearchable(query)) return;
          rememberSearch(query);
          setOpen(false);
          void navigate(searchHref(query));
        }}
      >
        <label htmlFor="site-search" className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id="site-search"
          name="s"
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={LIST_ID}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? combo.active : undefined}
          minLength={SEARCH.minLength}
          maxLength={SEARCH.maxLength}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTyped(event.target.value);
            reach();
          }}
          onFocus={reach}
          onPointerDown={reach}
          onKeyDown={(event) => {
            if (panel.current?.onKeyDown(event)) {
              event.preventDefault();
              return;
            }
            if (event.key === 'Escape' && open) {
              event.preventDefault();
              setOpen(false);
            } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              reach();
            }
          }}
        />
        <button type="submit">{t('search.submit')}</button>
        {wanted ? (
          <Suspense fallback={null}>
            <SearchPanel
              ref={panel}
              listId={LIST_ID}
              typed={typed}
              open={open}
              onState={setCombo}
              onPreview={setText}
              setOpen={setOpen}
            />
          </Suspense>
        ) : null}
      </form>
    </search>
  );
}
