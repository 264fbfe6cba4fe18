import type { ReportObject } from '../../../contracts/report.rules.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import styles from './report-button.module.css';

// The "Report" entry of a video, comment, album or member (SPEC.md §5 Contact form): opens
// the ContactUs modal with the subject "inappropriate" and the object filled in; the page
// it was on goes along as the referrer.

function FlagIcon() {
  return (
    <svg aria-hidden="true" width={14} height={14} viewBox="0 0 24 24" focusable={false}>
      <path fill="currentColor" d="M5 2h2v1h12l-2.5 5L19 13H7v9H5V2z" />
    </svg>
  );
}

export function ReportButton({
  object,
  label,
  name = label,
  className,
  inline = false,
}: {
  object: ReportObject;
  /** How the form names the object: a title, a name, the start of a comment. */
  label?: string;
  /** Who or what the inline button names for screen readers (a comment's author). */
  name?: string | undefined;
  /** A page's own button style (the video page's action pills). */
  className?: string;
  /** A small text button, for a line of a list (a comment). */
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const { openContact } = useOverlays();
  return (
    <button
      type="button"
      className={className ?? (inline ? styles.inline : styles.pill)}
      aria-haspopup="dialog"
      // In a list every entry says "Report": the name says which one.
      aria-label={
        inline ? t(`contact.reportNamed.${object.type}`, { name: name ?? '' }) : undefined
      }
      onClick={() => openContact({ subject: 'inappropriate', object, ...(label ? { label } : {}) })}
    >
      <FlagIcon /> {t('contact.report')}
    </button>
  );
}
