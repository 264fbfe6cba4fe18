import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './subscribe-button.module.css';

/** "Subscribe" / "Unsubscribe", pressed while subscribed. */
export function SubscribeButton({
  subscribed,
  busy,
  onToggle,
}: {
  subscribed: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.button}
      aria-pressed={subscribed}
      aria-busy={busy || undefined}
      onClick={onToggle}
    >
      {subscribed ? t('subscribe.unsubscribe') : t('subscribe.subscribe')}
    </button>
  );
}
