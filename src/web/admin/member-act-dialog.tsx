import { useEffect, useId, useRef, useState } from 'react';
import { MODERATION_NOTE_MAX, type ModerationReason } from '../../contracts/moderation.ts';
import { isApiError } from '../api/client.ts';
import styles from './console.module.css';
import picker from './reason-picker.module.css';
import { ReasonChoices, useReasonKeys } from './reason-picker.tsx';
import own from './takedown-dialog.module.css';

// One act on a member's account (decision 0048), confirmed in a dialog: a ban, a strike, all
// comments removed (a reason of the list, 1-9 and 0, and a note), or an unban or revoke (a
// note only). Enter confirms, Escape cancels; a refusal is told inside the dialog, which sits
// above the site's toasts.

export interface ActFields {
  reason?: ModerationReason;
  note: string;
  hideContent?: boolean;
}

export function MemberActDialog({
  title,
  lead,
  confirmLabel,
  withReason,
  hideContentChoice,
  danger = true,
  onSubmit,
  onClose,
}: {
  title: string;
  lead: string;
  confirmLabel: string;
  withReason: boolean;
  /** The ban's "take their content down too" box, ticked by default when given. */
  hideContentChoice?: boolean;
  danger?: boolean;
  /** Resolves when done (the dialog closes); a thrown API error is shown in the dialog. */
  onSubmit: (fields: ActFields) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ModerationReason | null>(null);
  const [note, setNote] = useState('');
  const [hideContent, setHideContent] = useState(hideContentChoice ?? false);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const noteId = useId();
  const noteRequired = reason === 'other';

  useEffect(() => {
    if (withReason) dialog.current?.focus();
    else noteField.current?.focus();
  }, [withReason]);

  const pick = (next: ModerationReason) => {
    setReason(next);
    setProblem('');
    if (next === 'other') requestAnimationFrame(() => noteField.current?.focus());
  };

  const confirm = async () => {
    if (busy) return;
    if (withReason && !reason) {
      setProblem('Pick a reason (1–9, 0).');
      return;
    }
    if (reason === 'other' && note.trim() === '') {
      setProblem('Write a note for “Other”.');
      noteField.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit({
        ...(reason ? { reason } : {}),
        note: note.trim(),
        ...(hideContentChoice !== undefined ? { hideContent } : {}),
      });
      onClose();
    } catch (error) {
      setBusy(false);
      setProblem(isApiError(error) ? error.message : 'Something went wrong.');
    }
  };

  useReasonKeys({
    pick: withReason ? pick : undefined,
    confirm: () => void confirm(),
    cancel: onClose,
  });

  return (
    <div className={`${styles.backdrop} ${own.backdrop}`}>
      <div
        ref={dialog}
        className={`${styles.dialog} ${picker.dialog} ${own.dialog} ${withReason ? own.wide : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId}>{title}</h2>
        <p className={own.lead}>{lead}</p>
        {withReason ? (
          <ReasonChoices
            name="member-act-reason"
            chosen={reason}
            onPick={pick}
            className={own.reasons}
          />
        ) : null}
        <label htmlFor={noteId} className={picker.noteLabel}>
          {withReason ? 'Note to the member' : 'Note for the record'}{' '}
          {noteRequired ? '(required)' : '(optional)'}
        </label>
        <textarea
          ref={noteField}
          id={noteId}
          className={`${picker.note} ${own.note}`}
          value={note}
          maxLength={MODERATION_NOTE_MAX}
          rows={2}
          required={noteRequired}
          aria-invalid={problem && noteRequired ? true : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setProblem('');
          }}
        />
        {hideContentChoice !== undefined ? (
          <label className={styles.switch}>
            <input
              type="checkbox"
              checked={hideContent}
              onChange={(event) => setHideContent(event.target.checked)}
            />
            <span>Take down their videos, albums, playlists, comments and wall posts too</span>
          </label>
        ) : null}
        {problem ? (
          <p className={picker.problem} role="alert">
            {problem}
          </p>
        ) : null}
        <div className={`${styles.dialogActions} ${own.actions}`}>
          <button type="button" className={styles.button} onClick={onClose}>
            Cancel <kbd>Esc</kbd>
          </button>
          <button
            type="button"
            className={`${styles.button} ${danger ? picker.confirm : own.good}`}
            onClick={() => void confirm()}
            disabled={busy}
          >
            {confirmLabel} <kbd>Enter</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
