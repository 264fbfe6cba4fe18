import { useEffect, useId, useRef, useState } from 'react';
import {
  MODERATION_NOTE_MAX,
  MODERATION_REASONS,
  type ModerationReason,
  REASON_LABELS,
} from '../../contracts/moderation.ts';
import styles from './console.module.css';
import { useConsoleKeys } from './console-ui.tsx';
import picker from './reason-picker.module.css';

// Why a video is rejected: one reason of the fixed list (the member reads it in their
// language), picked with 1-9 and 0, and a note, which `other` needs. Enter confirms,
// Escape cancels.

/** The key that picks the reason at `index`: 1 to 9, then 0. */
const keyOf = (index: number) => String((index + 1) % 10);

/**
 * The keys of a dialog that takes a reason: 1-9 and 0 pick one (when `pick` is given),
 * Enter confirms, Escape cancels. The reject picker's, the takedown dialog's, the member
 * dialogs' and the notes' (no reason: `pick` left out).
 */
export function useReasonKeys(keys: {
  pick?: ((reason: ModerationReason) => void) | undefined;
  confirm: () => void;
  cancel: () => void;
}) {
  useConsoleKeys('reason', (action) => {
    switch (action.type) {
      case 'pick-reason': {
        const next = keys.pick ? MODERATION_REASONS[action.index] : undefined;
        if (!next || !keys.pick) return false;
        keys.pick(next);
        return;
      }
      case 'confirm':
        keys.confirm();
        return;
      case 'cancel':
        keys.cancel();
        return;
      default:
        return false;
    }
  });
}

/**
 * The list of reasons as radio buttons, each with the digit that picks it: the reject
 * picker's, the takedown dialog's and the member dialogs' (ban, strike, remove comments).
 */
export function ReasonChoices({
  name,
  chosen,
  onPick,
  className,
}: {
  /** The radio group's name, unique on the page. */
  name: string;
  chosen: ModerationReason | null;
  onPick: (reason: ModerationReason) => void;
  className?: string;
}) {
  return (
    <fieldset className={className ? `${picker.reasons} ${className}` : picker.reasons}>
      <legend className={picker.legend}>Reason</legend>
      {MODERATION_REASONS.map((value, index) => (
        <label
          key={value}
          className={chosen === value ? `${picker.reason} ${picker.chosen}` : picker.reason}
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={chosen === value}
            onChange={() => onPick(value)}
          />
          <kbd>{keyOf(index)}</kbd>
          <span>{REASON_LABELS[value]}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ReasonPicker({
  title,
  busy,
  noteError,
  onNoteChange,
  onCancel,
  onConfirm,
}: {
  title: string;
  busy: boolean;
  /** The server's refusal of the note, shown under it. */
  noteError: string;
  onNoteChange: () => void;
  onCancel: () => void;
  onConfirm: (reason: ModerationReason, note: string) => void;
}) {
  const [reason, setReason] = useState<ModerationReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const noteId = useId();
  const noteRequired = reason === 'other';

  useEffect(() => {
    dialog.current?.focus();
  }, []);

  const pick = (next: ModerationReason) => {
    setReason(next);
    setProblem('');
    // `other` is nothing without the note: the cursor goes there.
    if (next === 'other') requestAnimationFrame(() => noteField.current?.focus());
  };

  const confirm = () => {
    if (busy) return;
    if (!reason) {
      setProblem('Pick a reason (1–9, 0).');
      return;
    }
    if (reason === 'other' && note.trim() === '') {
      setProblem('Write a note for “Other”.');
      noteField.current?.focus();
      return;
    }
    onConfirm(reason, note.trim());
  };

  useReasonKeys({ pick, confirm, cancel: onCancel });

  const shownProblem = problem || noteError;
  return (
    <div className={styles.backdrop}>
      <div
        ref={dialog}
        className={`${styles.dialog} ${picker.dialog}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId}>
          Reject <span className={picker.what}>“{title}”</span>
        </h2>
        <ReasonChoices name="reason" chosen={reason} onPick={pick} />
        <label htmlFor={noteId} className={picker.noteLabel}>
          Note to the member {noteRequired ? '(required)' : '(optional)'}
        </label>
        <textarea
          ref={noteField}
          id={noteId}
          className={picker.note}
          value={note}
          maxLength={MODERATION_NOTE_MAX}
          rows={3}
          required={noteRequired}
          aria-invalid={shownProblem && noteRequired ? true : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setProblem('');
            onNoteChange();
          }}
        />
        {shownProblem ? (
          <p className={picker.problem} role="alert">
            {shownProblem}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="button" className={styles.button} onClick={onCancel}>
            Cancel <kbd>Esc</kbd>
          </button>
          <button
            type="button"
            className={`${styles.button} ${picker.confirm}`}
            onClick={confirm}
            disabled={busy}
          >
            Reject <kbd>Enter</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
