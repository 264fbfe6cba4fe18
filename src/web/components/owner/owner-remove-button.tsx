import styles from './owner.module.css';

// The remove button a thumb carries on its owner's own list (SPEC.md §6). It sits over the
// thumb beside its link, never inside it, so pressing it (click, Enter or Space) does not
// open the video. Its name says which video and which list.

export function OwnerRemoveButton({
  label,
  busy,
  onRemove,
}: {
  /** Accessible name and tooltip, with the video's title ("Remove “…” from watch later"). */
  label: string;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.remove}
      aria-label={label}
      title={label}
      aria-disabled={busy ? true : undefined}
      aria-busy={busy ? true : undefined}
      data-owner-remove=""
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!busy) onRemove();
      }}
    >
      <svg aria-hidden="true" width={16} height={16} viewBox="0 0 24 24" focusable={false}>
        <path
          d="M6 6l12 12M18 6L6 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}
