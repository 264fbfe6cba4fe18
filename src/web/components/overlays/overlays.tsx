import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { TOAST_MS } from '../../../contracts/constants.ts';
import { isApiError } from '../../api/client.ts';
import { withAccountMessages } from '../../i18n/messages.client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import type { ContactPrefill } from '../contact/contact-prefill.ts';
import styles from './toasts.module.css';

// The modal system and the toasts of SPEC.md §2 "Layout". One modal at a time; every route
// change closes it. Toasts vanish after 4 s (SPEC.md §9) or when clicked. Modals load
// their code when first opened, so no page pays for them up front.

export type ModalName = 'login' | 'contact';
/** `info`: a notice that is neither a success nor a failure ("You are already subscribed"). */
type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** `back`: where a sign-in made in the Login modal goes (the page itself when absent). */
export interface ModalOptions {
  back?: string;
}

interface Overlays {
  modal: ModalName | null;
  openModal(name: ModalName, options?: ModalOptions): void;
  /** The ContactUs modal, its subject and the object reported filled in (a Report entry). */
  openContact(prefill?: ContactPrefill): void;
  closeModal(): void;
  toast(kind: ToastKind, text: string): void;
  /** An error toast for a failed call, in the visitor's language (SPEC.md §7 interceptor). */
  toastFailure(error: unknown): void;
}

const OverlayContext = createContext<Overlays | null>(null);

// The modal's code and its words (messages.client.ts) load when it first opens.
const LoginModal = lazy(withAccountMessages(() => import('./login-modal.tsx')));
const ContactModal = lazy(withAccountMessages(() => import('../contact/contact-modal.tsx')));

export function useOverlays(): Overlays {
  const overlays = useContext(OverlayContext);
  if (!overlays) throw new Error('useOverlays outside OverlayProvider');
  return overlays;
}

export function OverlayProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState<(ModalOptions & { name: ModalName }) | null>(null);
  const modal = open?.name ?? null;
  const [prefill, setPrefill] = useState<ContactPrefill>({});
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setOpen(null);
  }, [location.pathname, location.search]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const toast = useCallback(
    (kind: ToastKind, text: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind, text }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      );
    },
    [dismiss],
  );

  const overlays = useMemo<Overlays>(
    () => ({
      modal,
      openModal: (name, options) => setOpen({ ...options, name }),
      openContact: (given = {}) => {
        setPrefill(given);
        setOpen({ name: 'contact' });
      },
      closeModal: () => setOpen(null),
      toast,
      toastFailure: (error) =>
        toast(
          'error',
          isApiError(error) ? errorText(t, error.code, error.info) : errorText(t, 'general_error'),
        ),
    }),
    [modal, toast, t],
  );

  return (
    <OverlayContext.Provider value={overlays}>
      {children}
      <section className={styles.region} aria-label={t('toast.label')}>
        {/* The live region wraps the list: a role on the <ol> would hide its items' list role. */}
        <div role="status" aria-live="polite">
          <ol className={styles.list}>
            {toasts.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={
                    item.kind === 'success' ? styles.toast : `${styles.toast} ${styles[item.kind]}`
                  }
                  onClick={() => dismiss(item.id)}
                  title={t('toast.dismiss')}
                >
                  {item.text}
                </button>
              </li>
            ))}
          </ol>
        </div>
      </section>
      {open?.name === 'login' ? (
        <Suspense fallback={null}>
          <LoginModal onClose={() => setOpen(null)} back={open.back} />
        </Suspense>
      ) : null}
      {modal === 'contact' ? (
        <Suspense fallback={null}>
          <ContactModal
            prefill={prefill}
            onClose={() => setOpen(null)}
            onSent={(text) => toast('success', text)}
          />
        </Suspense>
      ) : null}
    </OverlayContext.Provider>
  );
}
