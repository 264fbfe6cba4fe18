import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { toastTitle } from '../../contracts/format.ts';
import {
  MODERATION_NOTE_MAX,
  type ModerationReason,
  REASON_LABELS,
} from '../../contracts/moderation.ts';
import { isApiError, postForm } from '../api/client.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import styles from './console.module.css';
import { isReviewPath } from './console-paths.ts';
import picker from './reason-picker.module.css';
import { ReasonChoices, useReasonKeys } from './reason-picker.tsx';
import { resolveLabel, takedownProblem } from './report-format.ts';
import { isReportsPath, isTakedownsPath, reportItemPath, TAKEDOWNS_PATH } from './report-paths.ts';
import own from './takedown-dialog.module.css';

// Taking a video, comment or album down from a report (decisions 0043, 0047): one reason of
// the fixed list (the owner reads it in their statement of reasons), a note (`other` needs
// one), and the report closed with it unless the moderator says otherwise. The same keys as the review
// screen's reason picker: 1-9 and 0 pick, Enter confirms, Escape cancels. Its own dialog
// rather than the picker itself: the picker's words are the rejection's.

const NOUN: Record<TakedownTarget['type'], string> = {
  video: 'Video',
  comment: 'Comment',
  album: 'Album',
};

const LEAD: Record<TakedownTarget['type'], string> = {
  video:
    'It leaves every page, listing and search at once and its page says it was removed, and why. The uploader is told why by mail.',
  comment:
    'It leaves every comment list and count at once. Its author is told why by mail; staff can still read it in the takedowns.',
  album:
    'It leaves every listing at once, its photos stop and its page says it was removed, and why. Its owner is told why by mail.',
};

/** What a report's takedown button takes down. */
export type TakedownTarget = { type: 'video' | 'comment' | 'album'; id: number; label: string };

export function TakedownDialog({
  object,
  report,
  onClose,
}: {
  object: TakedownTarget;
  /**
   * The report it comes from, when it is still open (new or in progress), and the other open
   * reports about the same video: the takedown settles them all unless the moderator says no.
   */
  report: { id: number; open: boolean; others: number[] };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { toast, toastFailure } = useOverlays();
  const [reason, setReason] = useState<ModerationReason | null>(null);
  const [note, setNote] = useState('');
  const toResolve = [...(report.open ? [report.id] : []), ...report.others];
  const [resolve, setResolve] = useState(toResolve.length > 0);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
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
    if (next === 'other') requestAnimationFrame(() => noteField.current?.focus());
  };

  const send = async (chosen: ModerationReason, text: string) => {
    setBusy(true);
    try {
      await postForm<{ success: 1; takedown_id: number }>(TAKEDOWNS_PATH, {
        object_type: object.type,
        object_id: String(object.id),
        reason: chosen,
        note: text,
        report_id: String(report.id),
      });
    } catch (error) {
      setBusy(false);
      // Told inside the dialog, which sits above the toasts.
      setProblem(
        isApiError(error)
          ? (takedownProblem(error, object.type) ?? error.message)
          : 'Something went wrong.',
      );
      return;
    }
    toast('success', `Taken down: ${toastTitle(object.label)} (${REASON_LABELS[chosen]})`);
    if (resolve) {
      try {
        for (const id of toResolve) {
          await postForm(reportItemPath(id), {
            act: 'state',
            state: 'resolved',
            note: `${NOUN[object.type]} taken down: ${REASON_LABELS[chosen]}`,
          });
        }
      } catch (error) {
        toastFailure(error);
      }
    }
    await queryClient.invalidateQueries({
      predicate: (query) => {
        const path = String(query.queryKey[1] ?? '');
        return isReportsPath(path) || isTakedownsPath(path) || isReviewPath(path);
      },
    });
    onClose();
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
    void send(reason, note.trim());
  };

  useReasonKeys({ pick, confirm, cancel: onClose });

  return (
    <div className={`${styles.backdrop} ${own.backdrop}`}>
      <div
        ref={dialog}
        className={`${styles.dialog} ${picker.dialog} ${own.dialog} ${own.wide}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId}>
          Take down{' '}
          <span className={picker.what}>{object.label || `${object.type} #${object.id}`}</span>
        </h2>
        <p className={own.lead}>{LEAD[object.type]}</p>
        <ReasonChoices
          name="takedown-reason"
          chosen={reason}
          onPick={pick}
          className={own.reasons}
        />
        <label htmlFor={noteId} className={picker.noteLabel}>
          Note to the uploader {noteRequired ? '(required)' : '(optional)'}
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
        {toResolve.length > 0 ? (
          <label className={styles.switch}>
            <input
              type="checkbox"
              checked={resolve}
              onChange={(event) => setResolve(event.target.checked)}
            />
            <span>{resolveLabel(report.open ? report.id : null, report.others.length)}</span>
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
            className={`${styles.button} ${picker.confirm}`}
            onClick={confirm}
            disabled={busy}
          >
            Take down <kbd>Enter</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
