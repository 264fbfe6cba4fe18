import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Gender } from '../../contracts/constants.ts';
import type { ErrorCode } from '../../contracts/errors.ts';
import { parseMetadataForm, UPLOAD_RULES } from '../../contracts/upload.rules.ts';
import { isApiError, postForm } from '../api/client.ts';
import { CategoryPicker } from '../components/playlist/category-picker.tsx';
import type { ChosenCategory } from '../components/playlist/playlist-form.rules.ts';
import styles from './console.module.css';
import picker from './reason-picker.module.css';

// A moderator fixes what the uploader got wrong (issue 16: "edit fixes metadata"): the title,
// the description, the categories of the video's section and its tags, under the upload
// form's rules (checked here first, then by the server). Escape cancels; Enter in a
// one-line field saves.

export interface EditableVideo {
  id: number;
  title: string;
  description: string;
  orientation: Gender;
  categories: { id: number; title: string }[];
  tags: string[];
}

/** The console's words for the form codes the rules answer. */
const PROBLEMS: Partial<Record<ErrorCode, string>> = {
  required: 'Required.',
  min_length: 'Too short.',
  max_length: 'Too long.',
  min_max_cats: `Pick ${UPLOAD_RULES.categoriesMin} to ${UPLOAD_RULES.categoriesMax} categories.`,
  invalid_params: 'Not allowed here.',
};

const problemOf = (code: ErrorCode) => PROBLEMS[code] ?? `Refused (${code}).`;

export function MetadataDialog({
  video,
  onCancel,
  onSaved,
}: {
  video: EditableVideo;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [categories, setCategories] = useState<ChosenCategory[]>(
    video.categories.map((c) => ({ id: String(c.id), title: c.title })),
  );
  const [tags, setTags] = useState(video.tags.join(', '));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const titleField = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    titleField.current?.focus();
  }, []);

  const fields = () => ({
    title,
    description,
    categories: categories.map((c) => c.id).join(','),
    tags,
  });

  const show = (errors: readonly { field: string; code: ErrorCode }[]) =>
    setProblems(Object.fromEntries(errors.map((e) => [e.field, problemOf(e.code)])));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = parseMetadataForm(fields());
    if (!checked.ok) {
      show(checked.errors);
      return;
    }
    setBusy(true);
    try {
      await postForm(`/api/admin/videos/${video.id}`, fields());
      onSaved();
    } catch (error) {
      if (isApiError(error) && error.codes.length > 0) show(error.codes);
      else setProblems({ form: isApiError(error) ? error.message : 'Could not save.' });
    } finally {
      setBusy(false);
    }
  };

  const problem = (field: string) =>
    problems[field] ? (
      <p id={`${id}-${field}-problem`} className={picker.problem} role="alert">
        {problems[field]}
      </p>
    ) : null;
  const describedBy = (field: string) => (problems[field] ? `${id}-${field}-problem` : undefined);

  return (
    <div className={styles.backdrop}>
      <form
        className={`${styles.dialog} ${picker.dialog}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-heading`}
        onSubmit={(event) => void save(event)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        noValidate
      >
        <h2 id={`${id}-heading`}>Edit details</h2>
        <label htmlFor={`${id}-title`} className={picker.noteLabel}>
          Title
        </label>
        <input
          ref={titleField}
          id={`${id}-title`}
          className={picker.note}
          value={title}
          maxLength={UPLOAD_RULES.titleMax}
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={describedBy('title')}
          onChange={(event) => setTitle(event.target.value)}
        />
        {problem('title')}
        <label htmlFor={`${id}-description`} className={picker.noteLabel}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className={picker.note}
          value={description}
          rows={3}
          maxLength={UPLOAD_RULES.descriptionMax}
          aria-invalid={problems.description ? true : undefined}
          aria-describedby={describedBy('description')}
          onChange={(event) => setDescription(event.target.value)}
        />
        {problem('description')}
        <CategoryPicker
          orientation={video.orientation}
          chosen={categories}
          onChange={setCategories}
          invalid={problems.categories !== undefined}
          errorId={describedBy('categories')}
        >
          {problem('categories')}
        </CategoryPicker>
        <label htmlFor={`${id}-tags`} className={picker.noteLabel}>
          Tags (comma-separated, up to {UPLOAD_RULES.tagsMax})
        </label>
        <input
          id={`${id}-tags`}
          className={picker.note}
          value={tags}
          aria-invalid={problems.tags ? true : undefined}
          aria-describedby={describedBy('tags')}
          onChange={(event) => setTags(event.target.value)}
        />
        {problem('tags')}
        {problem('form')}
        <div className={styles.dialogActions}>
          <button type="button" className={styles.button} onClick={onCancel}>
            Cancel <kbd>Esc</kbd>
          </button>
          <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy}>
            Save <kbd>Enter</kbd>
          </button>
        </div>
      </form>
    </div>
  );
}
