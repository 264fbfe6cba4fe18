import { type FormEvent, useState } from 'react';
import { ACCOUNT_PURGE_DAYS } from '../../../contracts/account-data.ts';
import type { OwnProfile } from '../../../contracts/profile.schema.ts';
import { ApiError, parseApiResponse, postForm } from '../../api/client.ts';
import { useEditForm } from '../../hooks/use-edit-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { formValue } from '../auth/use-auth-form.ts';
import { Modal } from '../overlays/modal.tsx';
import { useOverlays } from '../overlays/overlays.tsx';
import { Field, FormAlert } from './edit-form.tsx';
import styles from './profile-edit.module.css';

// The member's own data on the /edit/ screen (GDPR, decision 0057): download it as one JSON
// file, or delete the account. The deletion asks again in a dialog, with the password (an
// account made with Google types its username instead), and ends there: the member is
// signed out and leaves for the home page.

const MY_DATA = '/api/my_data.php';

/** The file name the server gave, or a plain one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? 'my-data.json';
}

/** Fetches the export and hands it to the browser as a download. */
async function downloadMyData(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(MY_DATA, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError(0, { error: 'Network error', code: 'general_error' });
  }
  if (!response.ok) {
    parseApiResponse(response.status, await response.json().catch(() => undefined));
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The download has taken the blob by the next task.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function AccountData({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      await downloadMyData();
      overlays.toast('success', t('edit.dataReady'));
    } catch (error) {
      overlays.toast(
        'error',
        errorText(t, error instanceof ApiError ? error.code : 'general_error'),
      );
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <div className={styles.accountPart}>
        <p className={styles.partText}>{t('edit.dataIntro')}</p>
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.cancel}
            onClick={() => void download()}
            disabled={downloading}
            aria-busy={downloading ? true : undefined}
          >
            {downloading ? t('edit.dataPreparing') : t('edit.downloadData')}
          </button>
        </div>
      </div>
      <div className={styles.accountPart}>
        <p className={styles.partText}>{t('edit.deleteIntro', { days: ACCOUNT_PURGE_DAYS })}</p>
        <div className={styles.buttons}>
          <button type="button" className={styles.danger} onClick={() => setDeleting(true)}>
            {t('edit.deleteAccount')}
          </button>
        </div>
      </div>
      {deleting ? <DeleteDialog profile={profile} onCancel={() => setDeleting(false)} /> : null}
    </>
  );
}

const DELETE_FIELDS = ['pwd', 'confirm'] as const;

function DeleteDialog({ profile, onCancel }: { profile: OwnProfile; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useEditForm(DELETE_FIELDS);
  const [deleted, setDeleted] = useState(false);
  const withPassword = profile.has_password !== '0';
  // Signed out by now: a full page load shows the site as a visitor sees it.
  const leave = () => window.location.assign('/');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.busy) return;
    const name = withPassword ? 'pwd' : 'confirm';
    const typed = formValue(event.currentTarget, name);
    const fields: Record<string, string> = { [name]: typed };
    const local = typed.trim() === '' ? [{ field: name, code: 'required' as const }] : [];
    const done = await form.run(local, async () => {
      await postForm('/api/account_delete.php', fields);
    });
    if (done) setDeleted(true);
  }

  if (deleted) {
    return (
      <Modal title={t('edit.deletedTitle')} onClose={leave}>
        <p role="status" className={styles.dialogText}>
          {t('edit.deletedText', { days: ACCOUNT_PURGE_DAYS })}
        </p>
        <div className={styles.buttons}>
          <button type="button" className={styles.submit} onClick={leave}>
            {t('edit.deletedHome')}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t('edit.deleteTitle')} onClose={onCancel}>
      <form
        ref={form.formRef}
        className={styles.form}
        onSubmit={submit}
        noValidate
        aria-busy={form.busy}
      >
        <p className={styles.dialogText}>{t('edit.deleteWarning', { days: ACCOUNT_PURGE_DAYS })}</p>
        <p className={styles.dialogText}>{t('edit.deleteKept')}</p>
        {withPassword ? (
          <>
            {/* Lets password managers offer the password of this account. */}
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={profile.username}
              readOnly
              hidden
            />
            <Field form={form} name="pwd" label={t('edit.deletePassword')}>
              {(props) => (
                <input
                  {...props}
                  type="password"
                  autoComplete="current-password"
                  required
                  onChange={() => form.clear('pwd')}
                />
              )}
            </Field>
          </>
        ) : (
          <Field
            form={form}
            name="confirm"
            label={t('edit.deleteTypeUsername', { username: profile.username })}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                required
                onChange={() => form.clear('confirm')}
              />
            )}
          </Field>
        )}
        <FormAlert error={form.formError} />
        <div className={styles.buttons}>
          <button type="button" className={styles.cancel} onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={styles.danger}
            disabled={form.busy}
            aria-busy={form.busy ? true : undefined}
          >
            {t('edit.deleteConfirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
