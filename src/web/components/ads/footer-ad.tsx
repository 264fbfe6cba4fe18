import { useGlobals } from '../../hooks/use-globals.ts';
import styles from './ads.module.css';
import { Slot } from './slot.tsx';

/**
 * The footer's 300x250 house banner (SPEC.md §9), scaled down on narrow screens. Visitors
 * only: no ads is a member's perk (SPEC.md §1).
 */
export function FooterAd() {
  const { user } = useGlobals();
  if (user) return null;
  return (
    <div className={styles.footerSlot}>
      <Slot name="footer" className={styles.rectangle} tags={null} />
    </div>
  );
}
