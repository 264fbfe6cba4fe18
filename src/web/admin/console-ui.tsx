import { type FormEvent, type ReactNode, type Ref, type RefObject, useEffect, useRef } from 'react';
import { Form, useLocation, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import type { ConsoleMe } from '../../contracts/moderation.schema.ts';
import { Pagination } from '../components/pagination.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import styles from './console.module.css';
import { type ConsoleAction, type ConsoleScreen, consoleKeyFor, KEY_HELP } from './console-keys.ts';
import { pageHref } from './console-paths.ts';
import type { ConsoleData } from './console-view.ts';

// Pieces every console screen uses: its title, the staff member, search, pages, the key
// handling and the help that lists the keys.

/** The staff member at the console (the gate's loader data). */
export function useConsoleMe(): ConsoleMe {
  const loaded = useRouteLoaderData<ConsoleData>('admin');
  if (!loaded) throw new Error('useConsoleMe outside the console');
  return loaded.me;
}

export const canManageMembers = (me: ConsoleMe) => me.permissions.includes('update:member:any');

/** The page title (never indexed: the layout says noindex). */
export function ConsoleTitle({ title }: { title: string }) {
  const { site } = useGlobals();
  return <title>{`${title} · Console - ${site.name}`}</title>;
}

/**
 * Runs the console's keys for the screen that is open. A capture listener on the window,
 * so the console's keys win over the player's own when the player has the focus.
 */
export function useConsoleKeys(
  screen: ConsoleScreen | null,
  run: (action: ConsoleAction, event: KeyboardEvent) => boolean | undefined,
) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!screen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof HTMLElement ? event.target : document.body;
      const action = consoleKeyFor(screen, {
        key: event.key,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        targetTag: target.tagName,
        targetType: target instanceof HTMLInputElement ? target.type : undefined,
        targetEditable: target.isContentEditable,
        targetOwnsArrows: target.dataset.ownsArrows === 'true',
      });
      if (!action) return;
      // A handler answers false when the action does not apply: the key then does what it
      // would anyway.
      if (latest.current(action, event) === false) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [screen]);
}

/**
 * `/` focuses a list's search box and Escape leaves it, on a screen with no other keys;
 * `active` false while a dialog is open over the list.
 */
export function useSearchKey(input: RefObject<HTMLInputElement | null>, active = true) {
  useConsoleKeys(active ? 'queue' : null, (action) => {
    if (action.type === 'search') input.current?.focus();
    else if (action.type === 'cancel') input.current?.blur();
    else return false;
    return undefined;
  });
}

/** The keys of a screen, over it; Escape or ? closes it. */
export function KeyHelp({ screen, onClose }: { screen: 'queue' | 'review'; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div className={styles.backdrop}>
      <div
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="console-keys-title"
      >
        <h2 id="console-keys-title">Keyboard</h2>
        <dl className={styles.keys}>
          {KEY_HELP[screen].map(([keys, what]) => (
            <div key={keys}>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.dialogActions}>
          <button ref={close} type="button" className={styles.button} onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

/** The heading of a screen, with what it counts and room for its controls. */
export function ScreenHeader({
  title,
  count,
  children,
}: {
  title: string;
  count?: string;
  children?: ReactNode;
}) {
  return (
    <header className={styles.screenHeader}>
      <h1>
        {title}
        {count ? <span className={styles.count}> {count}</span> : null}
      </h1>
      {children}
    </header>
  );
}

/** A search box that keeps the screen's other filters and starts again at page 1. */
export function SearchBox({
  label,
  placeholder,
  inputRef,
}: {
  label: string;
  placeholder: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const q = params.get('q') ?? '';
  const kept = [...params].filter(([name]) => name !== 'q' && name !== 'page');
  // Hydrated, the address stays clean (no empty `q=`); before that the form still works.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams(kept);
    const text = String(new FormData(event.currentTarget).get('q') ?? '')
      .trim()
      .slice(0, 100);
    if (text) next.set('q', text);
    const search = next.toString();
    void navigate(search ? `${pathname}?${search}` : pathname);
  };
  return (
    <Form method="get" role="search" className={styles.search} key={q} onSubmit={submit}>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="visually-hidden" htmlFor="console-q">
        {label}
      </label>
      <input
        ref={inputRef}
        id="console-q"
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className={styles.button}>
        Search
      </button>
    </Form>
  );
}

/** The pages of a list, its other parameters kept. */
export function ConsolePager({ page, pages }: { page: number; pages: number }) {
  const location = useLocation();
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  return (
    <div className={styles.pager}>
      <Pagination page={page} pages={pages} href={(n) => pageHref(location.pathname, params, n)} />
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}
