import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../overlays/modal.tsx';
import { ContactForm } from './contact-form.tsx';
import type { ContactPrefill } from './contact-prefill.ts';

// The ContactUs modal (SPEC.md §2 "Modals", §5 Contact form): opened from the footer, the
// information pages and every Report entry. Its code and words load when it first opens.
// A sent message closes it with the toast of SPEC.md §8 "contact message sent".

export default function ContactModal({
  prefill,
  onClose,
  onSent,
}: {
  prefill: ContactPrefill;
  onClose: () => void;
  /** Shows the success toast (the overlay system that opened the modal owns the toasts). */
  onSent: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={prefill.object ? t('contact.reportTitle') : t('contact.title')} onClose={onClose}>
      <ContactForm
        prefill={prefill}
        onSent={() => {
          onSent(t('notify.contact_sent'));
          onClose();
        }}
      />
    </Modal>
  );
}
