import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../overlays/modal.tsx';
import styles from './owner.module.css';

/** A question before something that cannot be undone: Cancel, or the named action. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={title} onClose={onCancel}>
      <p className={styles.confirmText}>{text}</p>
      <div className={styles.buttons}>
        <button type="button" className={styles.cancel} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={styles.danger}
          aria-disabled={busy ? true : undefined}
          aria-busy={busy ? true : undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
