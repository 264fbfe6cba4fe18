import { useTranslation } from '../../i18n/use-translation.ts';
import { enterAsMember } from '../../lib/session.ts';
import { LoginForm } from '../auth/login-form.tsx';
import { Modal } from './modal.tsx';

// The Login modal (SPEC.md §2 "Modals", §4 Auth): the sign-in form over the current page.
// A success clears the stored language value and reloads, so every page part sees the member
// (or, opened by a members-only control such as Upload, goes on to `back`).

export default function LoginModal({ onClose, back }: { onClose: () => void; back?: string }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('login.title')} onClose={onClose}>
      <LoginForm onSignedIn={() => enterAsMember(back)} />
    </Modal>
  );
}
