import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  type Ref,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH } from '../../../contracts/constants.ts';
import { isSearchable, normaliseQuery } from '../../../contracts/discovery.paths.ts';
import type { SuggestResponse } from '../../../contracts/discovery.schema.ts';
import { shortCount } from '../../../contracts/format.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { recentSearches, rememberSearch } from '../../lib/recent-searches.ts';
import styles from './search-box.module.css';
import {
  isQuery,
  moveActive,
  type OptionGroup,
  type OptionKind,
  recentGroups,
  type SearchOption,
  suggestionGroups,
} from './search-options.ts';

// The header search's panel (its own chunk, see search-box.tsx): the options in labelled
// groups, the highlighted one, and the keys that move through them. The box keeps focus the
// whole time; the panel tells it which option is highlighted (aria-activedescendant).

export interface ComboState {
  expanded: boolean;
  active: string | undefined;
}

export interface SearchPanelHandle {
  /** Handles a key of the box; true when it did (the box then does nothing more). */
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): boolean;
}

/** The text after the visitor stops typing for `ms`. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const GROUP_LABEL: Record<OptionKind, string> = {
  recent: 'search.recent',
  keyword: 'search.keywords',
  category: 'nav.categories',
  model: 'nav.models',
  channel: 'nav.channels',
};

export default function SearchPanel({
  ref,
  listId,
  typed,
  open,
  onState,
  onPreview,
  setOpen,
}: {
  ref: Ref<SearchPanelHandle>;
  listId: string;
  typed: string;
  open: boolean;
  onState: (state: ComboState) => void;
  /** Shows a text in the box without changing what the suggestions follow. */
  onPreview: (text: string) => void;
  setOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { gender } = useGlobals();
  const navigate = useNavigate();
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const [recent, setRecent] = useState<string[]>([]);
  const [active, setActive] = useState(-1);

  // Every route change closes the panel (SPEC.md §2 "Layout"), as does a press elsewhere.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    setOpen(false);
  }, [location.key, setOpen]);
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!box.current?.closest('search')?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open, setOpen]);

  const normalised = normaliseQuery(typed);
  const settled = useDebounced(normalised, SEARCH.delayMs);
  const short = [...normalised].length < SEARCH.minLength;
  const suggest = isSearchable(settled) && settled === normalised;
  const suggestions = useQuery({
    ...apiQuery<SuggestResponse>(
      `/api/suggester.php?c=${encodeURIComponent(settled)}&gender=${gender}`,
    ),
    enabled: open && suggest,
    staleTime: 5 * 60_000,
    // While the next text's answer is on its way the last one stays, instead of a flicker.
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (open) setRecent(recentSearches());
  }, [open]);

  const data = !short && isSearchable(normalised) ? suggestions.data : undefined;
  const groups: OptionGroup[] = useMemo(
    () => (short ? recentGroups(recent) : data ? suggestionGroups(data) : []),
    [short, recent, data],
  );
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  const optionId = (option: SearchOption) => `${listId}-${option.key}`;

  // New text or options, no highlight: an index into the old list would point elsewhere,
  // and Enter after typing searches what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when these change
  useEffect(() => setActive(-1), [options, open, typed]);

  const highlighted = active >= 0 ? options[active] : undefined;
  const expanded = open && options.length > 0;
  const activeId = highlighted ? optionId(highlighted) : undefined;
  useEffect(() => onState({ expanded, active: activeId }), [expanded, activeId, onState]);

  function choose(option: SearchOption) {
    if (isQuery(option)) {
      rememberSearch(option.label);
      onPreview(option.label);
    }
    setOpen(false);
    void navigate(option.href);
  }

  function highlight(index: number) {
    setActive(index);
    const option = options[index];
    // Told in the same event as the key, so the box never names the previous option.
    onState({ expanded, active: option ? optionId(option) : undefined });
    // A search option puts its text in the box (Enter searches what the box shows); a page
    // option leaves the typed text there (Enter opens the page).
    onPreview(option && isQuery(option) ? option.label : typed);
  }

  useImperativeHandle(ref, () => ({
    onKeyDown(event) {
      if (!open) return false;
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp':
          if (options.length === 0) return false;
          highlight(moveActive(active, event.key === 'ArrowDown' ? 1 : -1, options.length));
          return true;
        case 'Enter':
          if (!highlighted) return false;
          choose(highlighted);
          return true;
        case 'Escape':
          if (highlighted) onPreview(typed);
          setActive(-1);
          setOpen(false);
          return true;
        default:
          return false;
      }
    },
  }));

  return (
    <div
      ref={box}
      id={listId}
      role="listbox"
      aria-label={t('search.label')}
      className={styles.panel}
      hidden={!expanded}
    >
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox holds options and groups of them (ARIA), never a fieldset
        <div
          key={group.kind}
          role="group"
          aria-labelledby={`${listId}-${group.kind}`}
          className={styles.group}
        >
          <div id={`${listId}-${group.kind}`} role="presentation" className={styles.groupLabel}>
            {t(GROUP_LABEL[group.kind])}
          </div>
          {group.options.map((option) => {
            const index = options.indexOf(option);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (the box keeps focus, aria-activedescendant)
              <div
                key={option.key}
                id={optionId(option)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={index === active ? `${styles.option} ${styles.active}` : styles.option}
                // The box keeps focus (and a phone its keyboard) while an option is pressed.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => {
                  if (index !== active) setActive(index);
                }}
                onClick={() => choose(option)}
              >
                <span className={styles.label}>{option.label}</span>
                {option.count !== undefined ? (
                  <span className={styles.count}>
                    {t('profile.videos', {
                      count: option.count,
                      n: shortCount(String(option.count)),
                    })}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
