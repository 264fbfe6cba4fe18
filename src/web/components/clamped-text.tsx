import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import styles from './clamped-text.module.css';

// A category's description (SPEC.md §2 "Listing screen": show more/less when taller than
// 40 px). The server renders it folded with its button; once the browser has measured it,
// a text that fits loses both. The button says whether the text is open (aria-expanded).

/** SPEC.md §2: the height above which the description folds. */
const FOLDED_PX = 40;

/** `id`: the text's (for aria-controls; a fixed one, the same on the server and after). */
export function ClampedText({ id, text }: { id: string; text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const [fits, setFits] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const measure = () => {
      const element = ref.current;
      // Measured folded: the full height is the scroll height of the folded box.
      if (element && !open) setFits(element.scrollHeight <= FOLDED_PX + 1);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [open]);

  return (
    <div className={styles.box}>
      <p
        id={id}
        ref={ref}
        className={open || fits ? styles.text : `${styles.text} ${styles.folded}`}
      >
        {text}
      </p>
      {fits ? null : (
        <button
          type="button"
          className={styles.more}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((now) => !now)}
        >
          {open ? t('listing.showLess') : t('listing.showMore')}
        </button>
      )}
    </div>
  );
}
