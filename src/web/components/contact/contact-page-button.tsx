import type { ReportSubject } from '../../../contracts/report.rules.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import styles from './contact-page-button.module.css';

// The information pages that promise the contact form (support, DMCA, the EU DSA notice)
// open it with their subject chosen.

/** The information pages that send visitors to the form, and the subject each one means. */
const PAGE_SUBJECTS: Partial<Record<string, ReportSubject>> = {
  support: 'support',
  dmca: 'dmca',
  'eu-digital-services-act': 'inappropriate',
};

/** The button of an information page; nothing on pages that do not mention the form. */
export function ContactPageButton({ page }: { page: string }) {
  const { t } = useTranslation();
  const { openContact } = useOverlays();
  const subject = PAGE_SUBJECTS[page];
  if (!subject) return null;
  return (
    <p className={styles.page}>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        onClick={() => openContact({ subject })}
      >
        {t(`contact.pageButton.${subject}`)}
      </button>
    </p>
  );
}
