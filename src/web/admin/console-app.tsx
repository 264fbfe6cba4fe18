import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { AgeCheckQueue } from '../../contracts/age-check.schema.ts';
import type { ReportsPage, ReviewQueue } from '../../contracts/moderation.schema.ts';
import { apiQuery } from '../api/query.ts';
import { OverlayProvider } from '../components/overlays/overlays.tsx';
import { AgeChecksScreen } from './age-checks.tsx';
import { AppealsScreen } from './appeals.tsx';
import { AuditScreen } from './audit.tsx';
import styles from './console.module.css';
import { ageChecksPath, reviewQueuePath } from './console-paths.ts';
import { EmptyState, useConsoleMe } from './console-ui.tsx';
import type { ConsoleData, ConsoleView } from './console-view.ts';
import { DmcaScreen } from './dmca.tsx';
import { DmcaNewScreen } from './dmca-new.tsx';
import { DmcaNoticeScreen } from './dmca-notice.tsx';
import { MemberScreen } from './member.tsx';
import { MembersScreen } from './members.tsx';
import { RecordScreen } from './record.tsx';
import { ReportItemScreen } from './report-item.tsx';
import { NEW_REPORTS_PATH } from './report-paths.ts';
import { ReportsScreen } from './reports.tsx';
import { ReviewItemScreen } from './review-item.tsx';
import { ReviewQueueScreen } from './review-queue.tsx';
import { TakedownsScreen } from './takedowns.tsx';

// The console's frame (decision 0043): on a laptop a sidebar with the sections, the queue's
// count and who is signed in; on a phone a top bar whose menu holds the same. The site's
// toasts confirm every change.

const QUEUE_REFRESH_MS = 60_000;

function Nav({ queueCount, onNavigate }: { queueCount?: number; onNavigate?: () => void }) {
  const me = useConsoleMe();
  const link = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink;
  return (
    <ul className={styles.navList}>
      <li>
        <NavLink to="/admin/review/" className={link} onClick={onNavigate}>
          <span>Review queue</span>
          {queueCount !== undefined ? (
            <span className={styles.badge}>
              {queueCount}
              <span className="visually-hidden"> waiting</span>
            </span>
          ) : null}
        </NavLink>
      </li>
      {me.permissions.includes('read:report:any') ? (
        <li>
          <NavLink to="/admin/reports/" className={link} onClick={onNavigate}>
            <span>Reports</span>
            <NewReports />
          </NavLink>
        </li>
      ) : null}
      {me.permissions.includes('disable:video:any') ? (
        <li>
          <NavLink to="/admin/takedowns/" className={link} onClick={onNavigate}>
            Takedowns
          </NavLink>
        </li>
      ) : null}
      {me.permissions.includes('read:report:any') ? (
        <li>
          <NavLink to="/admin/dmca/" className={link} onClick={onNavigate}>
            DMCA
          </NavLink>
        </li>
      ) : null}
      {me.permissions.includes('disable:video:any') ? (
        <li>
          <NavLink to="/admin/appeals/" className={link} onClick={onNavigate}>
            Appeals
          </NavLink>
        </li>
      ) : null}
      {me.permissions.includes('review:member:any') ? (
        <li>
          <NavLink to="/admin/age-checks/" className={link} onClick={onNavigate}>
            <span>Age checks</span>
            <AgeChecksWaiting />
          </NavLink>
        </li>
      ) : null}
      <li>
        <NavLink to="/admin/members/" className={link} onClick={onNavigate}>
          Members
        </NavLink>
      </li>
      <li>
        <NavLink to="/admin/audit/" className={link} onClick={onNavigate}>
          Audit log
        </NavLink>
      </li>
    </ul>
  );
}

/** The count of new reports; the inbox's first page shares its cache entry. */
function NewReports() {
  const reports = useQuery({
    ...apiQuery<ReportsPage>(NEW_REPORTS_PATH),
    refetchInterval: QUEUE_REFRESH_MS,
  });
  if (!reports.data) return null;
  return (
    <span className={styles.badge}>
      {reports.data.total}
      <span className="visually-hidden"> new</span>
    </span>
  );
}

/** The count of age-check photos waiting; the queue's first page shares its cache entry. */
function AgeChecksWaiting() {
  const checks = useQuery({
    ...apiQuery<AgeCheckQueue>(ageChecksPath(1)),
    refetchInterval: QUEUE_REFRESH_MS,
  });
  if (!checks.data) return null;
  return (
    <span className={styles.badge}>
      {checks.data.total}
      <span className="visually-hidden"> waiting</span>
    </span>
  );
}

function Who() {
  const me = useConsoleMe();
  return (
    <div className={styles.who}>
      <span className={styles.whoName}>{me.username}</span>
      <span className={styles.role}>{me.role}</span>
    </div>
  );
}

function Screen({ view }: { view: ConsoleView }) {
  switch (view.screen) {
    case 'queue':
      return <ReviewQueueScreen query={view.query} />;
    case 'item':
      return <ReviewItemScreen key={view.id} id={view.id} />;
    case 'members':
      return <MembersScreen query={view.query} />;
    case 'member':
      return <MemberScreen key={view.id} id={view.id} />;
    case 'audit':
      return <AuditScreen filters={view.filters} />;
    case 'reports':
      return <ReportsScreen filters={view.filters} />;
    case 'report':
      return <ReportItemScreen key={view.id} id={view.id} />;
    case 'takedowns':
      return <TakedownsScreen filters={view.filters} />;
    case 'dmca':
      return <DmcaScreen filters={view.filters} />;
    case 'dmca-notice':
      return <DmcaNoticeScreen key={view.id} id={view.id} />;
    case 'appeals':
      return <AppealsScreen page={view.page} />;
    case 'age-checks':
      return <AgeChecksScreen page={view.page} />;
    case 'record':
      return <RecordScreen key={view.id} id={view.id} />;
    case 'dmca-new':
      return <DmcaNewScreen key={view.reportId ?? 0} reportId={view.reportId} />;
    case 'missing':
      return (
        <EmptyState title="Not found">
          <p>
            It was deleted, or the address is wrong. <Link to="/admin/review/">Review queue</Link>
          </p>
        </EmptyState>
      );
  }
}

export function ConsoleApp({ view }: ConsoleData) {
  const me = useConsoleMe();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const canReview = me.permissions.includes('review:video:any');
  // The first queue page is also the count: the queue screen shares its cache entry.
  const queue = useQuery({
    ...apiQuery<ReviewQueue>(reviewQueuePath({ page: 1, q: '' })),
    enabled: canReview,
    refetchInterval: QUEUE_REFRESH_MS,
  });

  useEffect(() => {
    // Marks the page interactive: browser tests wait for this state.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation only
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  return (
    <OverlayProvider>
      <meta name="robots" content="noindex" />
      <a className="skip-link" href="#console-main">
        Skip to content
      </a>
      <div className={styles.frame}>
        <header className={styles.topbar}>
          <Link to="/admin/review/" className={styles.brand}>
            Console
          </Link>
          <span className={styles.topCount}>
            {queue.data ? `${queue.data.total} waiting` : null}
          </span>
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? 'Close' : 'Menu'}
          </button>
        </header>
        <nav
          id={menuId}
          className={menuOpen ? `${styles.sidebar} ${styles.sidebarOpen}` : styles.sidebar}
          aria-label="Console"
        >
          <Link to="/admin/review/" className={`${styles.brand} ${styles.sideBrand}`}>
            Console
          </Link>
          <Nav queueCount={queue.data?.total} onNavigate={() => setMenuOpen(false)} />
          <div className={styles.sideFoot}>
            <Who />
            {/* A full load: the site's pages come with their own layout and data. */}
            <a href="/" className={styles.back}>
              ← Back to site
            </a>
          </div>
        </nav>
        <main id="console-main" className={styles.main}>
          <Screen view={view} />
        </main>
      </div>
    </OverlayProvider>
  );
}
