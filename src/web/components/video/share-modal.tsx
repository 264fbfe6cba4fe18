import { useEffect, useId, useRef, useState } from 'react';
import { LINK_COPIED_MS } from '../../../contracts/constants.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../overlays/modal.tsx';
import { embedCode, type ShareNetwork, shareLinks } from './share-links.ts';
import styles from './share-modal.module.css';

// The Share modal (SPEC.md §2 "Modals"): six social links, the page link and, for videos,
// the embed code. A copy button reads "Link copied" for 1 s (SPEC.md §9).

/** Brand names stay as they are in every language; only email is a word. */
const BRAND: Record<Exclude<ShareNetwork, 'email'>, string> = {
  x: 'X',
  facebook: 'Facebook',
  reddit: 'Reddit',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
};

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Copies to the clipboard; where the Clipboard API is missing or refused (insecure
 *  origins, old browsers), selects the field and falls back to the legacy copy command. */
async function copyText(text: string, field: Field | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.focus();
    field.select();
    try {
      // Deprecated, but still the only copy that works without the Clipboard API.
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

function CopyField({
  label,
  value,
  multiline = false,
  copyLabel,
  copiedLabel,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  copyLabel: string;
  copiedLabel: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const copied = await copyText(value, multiline ? textarea.current : input.current);
    clearTimeout(timer.current);
    setState(copied ? 'copied' : 'failed');
    if (copied) timer.current = setTimeout(() => setState('idle'), LINK_COPIED_MS);
  }

  const select = (event: { currentTarget: Field }) => event.currentTarget.select();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={multiline ? styles.stack : styles.row}>
        {multiline ? (
          <textarea
            ref={textarea}
            id={id}
            value={value}
            readOnly
            rows={4}
            spellCheck={false}
            onFocus={select}
          />
        ) : (
          <input ref={input} id={id} type="text" value={value} readOnly onFocus={select} />
        )}
        <button
          type="button"
          className={state === 'copied' ? `${styles.copy} ${styles.copied}` : styles.copy}
          onClick={() => void copy()}
        >
          {state === 'copied' ? copiedLabel : copyLabel}
        </button>
      </div>
      <p role="status" className={state === 'failed' ? styles.error : 'visually-hidden'}>
        {state === 'copied' ? t('share.copied') : state === 'failed' ? t('share.copyFailed') : ''}
      </p>
    </div>
  );
}

export default function ShareModal({
  title,
  url,
  embedUrl,
  onClose,
}: {
  /** Title of the shared page (the video's title). */
  title: string;
  /** Absolute address of the page. */
  url: string;
  /** Absolute `/embed/{id}/` address; videos only. */
  embedUrl?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('share.title')} onClose={onClose}>
      <p className={styles.subject}>{title}</p>
      <ul className={styles.networks} aria-label={t('share.networks')}>
        {shareLinks(url, title).map(({ network, href }) => {
          const name = network === 'email' ? t('share.email') : BRAND[network];
          return (
            <li key={network}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className={`${styles.network} ${styles[network]}`}
                aria-label={
                  network === 'email' ? t('share.byEmail') : t('share.on', { network: name })
                }
              >
                {name}
              </a>
            </li>
          );
        })}
      </ul>
      <CopyField
        label={t('share.pageLink')}
        value={url}
        copyLabel={t('share.copyLink')}
        copiedLabel={t('share.linkCopied')}
      />
      {embedUrl ? (
        <CopyField
          label={t('share.embed')}
          value={embedCode(embedUrl, title)}
          multiline
          copyLabel={t('share.copyCode')}
          copiedLabel={t('share.codeCopied')}
        />
      ) : null}
    </Modal>
  );
}
