import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { MODERATION_NOTE_MAX, type ReportState } from '../../contracts/moderation.ts';
import styles from './console.module.css';
import picker from './reason-picker.module.css';
import { useReasonKeys } from './reason-picker.tsx';
import own from './takedown-dialog.module.css';

// Pieces the reports inbox and the takedowns share: the state chips, the keys of a list, and
// a confirm dialog with an optional note (Enter confirms, Escape cancels, as the reason
// picker does).

export const STATE_CHIP: Readonly<Record<ReportState, string>> = {
  new: `${styles.chip} ${styles.chipWarn}`,
  in_progress: styles.chip ?? '',
  resolved: `${styles.chip} ${styles.chipGood}`,
  rejected: `${styles.chip} ${styles.chipBad}`,
};

const LIST_KEYS = (what: string): [string, string][] => [
  ['j / ↓', 'Next row'],
  ['k / ↑', 'Previous row'],
  ['Enter / o', `Open the ${what}`],
  ['/', 'Search'],
  ['?', 'Show these keys'],
];

/** The keys of a list screen, over it; Escape or ? closes it. */
export function ListKeyHelp({ what, onClose }: { what: string; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const titleId = useId();
  return (
    <div className={styles.backdrop}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>Keyboard</h2>
        <dl className={styles.keys}>
          {LIST_KEYS(what).map(([keys, doing]) => (
            <div key={keys}>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{doing}</dd>
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

/** A dialog that asks before a change, with an optional note for the record. */
export function NoteDialog({
  title,
  children,
  noteLabel,
  confirmLabel,
  tone = 'danger',
  noteRequired = false,
  busy,
  problem,
  onCancel,
  onConfirm,
}: {
  title: ReactNode;
  children?: ReactNode;
  noteLabel: string;
  confirmLabel: string;
  /** A removal is red; a restore puts something back. */
  tone?: 'danger' | 'good';
  /** The note must be written (a DMCA rejection says why); the server says so too. */
  noteRequired?: boolean;
  busy: boolean;
  problem: string;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const noteId = useId();

  useEffect(() => {
    noteField.current?.focus();
  }, []);

  const confirm = () => {
    if (!busy) onConfirm(note.trim());
  };

  useReasonKeys({ confirm, cancel: onCancel });

  return (
    <div className={`${styles.backdrop} ${own.backdrop}`}>
      <div
        ref={dialog}
        className={`${styles.dialog} ${picker.dialog} ${own.dialog}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <label htmlFor={noteId} className={picker.noteLabel}>
          {noteLabel}
          {noteRequired ? '' : ' (optional)'}
        </label>
        <textarea
          ref={noteField}
          id={noteId}
          className={`${picker.note} ${own.note}`}
          value={note}
          maxLength={MODERATION_NOTE_MAX}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
        {problem ? (
          <p className={picker.problem} role="alert">
            {problem}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="button" className={styles.button} onClick={onCancel}>
            Cancel <kbd>Esc</kbd>
          </button>
          <button
            type="button"
            className={`${styles.button} ${tone === 'good' ? own.good : picker.confirm}`}
            onClick={confirm}
            disabled={busy}
          >
            {confirmLabel} <kbd>Enter</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
