import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH } from '../../../contracts/constants.ts';
import { isSearchable, normaliseQuery } from '../../../contracts/discovery.paths.ts';
import type { SuggestResponse } from '../../../contracts/discovery.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { recentSearches, rememberSearch } from '../../lib/recent-searches.ts';
import styles from './header.module.css';

// The header search (SPEC.md §4 "Search"): the panel opens on focus; up to two characters
// it offers the last three searches, from three it offers suggestions after a 300 ms pause.
// Arrow keys move through them; Enter or the button searches; queries outside 3-69
// characters do nothing. Without JavaScript it is a plain GET form.

interface Option {
  id: string;
  label: string;
  hint?: string;
  href: string;
}

export function searchHref(query: string): string {
  return `/search/1/?s=${encodeURIComponent(query)}`;
}

/** The text after the user stops typing for `ms`. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function SearchBox() {
  const { t } = useTranslation();
  const { gender } = useGlobals();
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const boxRef = useRef<HTMLElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);

  const normalised = normaliseQuery(text);
  const settled = useDebounced(normalised, SEARCH.delayMs);
  const suggest = isSearchable(settled) && settled === normalised;
  const suggestions = useQuery({
    ...apiQuery<SuggestResponse>(
      `/api/suggester.php?c=${encodeURIComponent(settled)}&gender=${gender}`,
    ),
    enabled: open && suggest,
    staleTime: 5 * 60_000,
  });

  // Every route change closes the panel (SPEC.md §2 "Layout").
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  let options: Option[] = [];
  if ([...normalised].length < SEARCH.minLength) {
    options = recent.map((query, i) => ({ id: `r${i}`, label: query, href: searchHref(query) }));
  } else if (suggest && suggestions.data) {
    const { keywords, categories } = suggestions.data;
    options = [
      ...keywords.map((k, i) => ({ id: `k${i}`, label: k.keyword, href: searchHref(k.keyword) })),
      ...categories.map((c, i) => ({
        id: `c${i}`,
        label: c.title,
        hint: t('nav.categories'),
        href: `/categories/${c.dir}/latest-updates/1/`,
      })),
    ];
  }
  const showPanel = open && options.length > 0;

  function go(href: string, query?: string) {
    if (query) setRecent(rememberSearch(query));
    setOpen(false);
    void navigate(href);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((now) => (now + step + options.length) % options.length);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && showPanel && active >= 0) {
      event.preventDefault();
      const option = options[active];
      if (option) go(option.href, option.id.startsWith('c') ? undefined : option.label);
    }
  }

  return (
    <search className={styles.search} ref={boxRef}>
      <form
        action="/search/1/"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          if (isSearchable(normalised)) go(searchHref(normalised), normalised);
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
          aria-expanded={showPanel}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showPanel && active >= 0 ? `${listId}-${active}` : undefined}
          minLength={SEARCH.minLength}
          maxLength={SEARCH.maxLength}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => {
            setRecent(recentSearches());
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit">{t('search.submit')}</button>
        <div id={listId} role="listbox" className={styles.panel} hidden={!showPanel}>
          {options.map((option, index) => (
            <div
              key={option.id}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? styles.activeOption : undefined}
              onPointerDown={(event) => {
                event.preventDefault();
                go(option.href, option.id.startsWith('c') ? undefined : option.label);
              }}
            >
              <span>{option.label}</span>
              {option.hint ? <span className={styles.optionHint}>{option.hint}</span> : null}
            </div>
          ))}
        </div>
      </form>
    </search>
  );
}
