import { lazy, Suspense } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import type { CaptchaAction } from '../../../contracts/captcha.ts';

// Where a form shows the captcha (decision 0023): the widget's code and styles are a chunk
// of their own, loaded only when a form needs it, so no page's first paint pays for it. Put
// it inside the <form>: the proof travels as the hidden field `captcha` (FormData sees it).
// Its words live in the screens' messages (locales/screens), which account forms load.
// Give it a new `key` after a failed submit: a proof works once.

const CaptchaWidget = lazy(() => import('./captcha-widget.tsx'));

/** The widget's height while its chunk loads, so the form does not jump. */
const PLACEHOLDER = { minHeight: 96 };

export function CaptchaField(props: { action: CaptchaAction; error?: FieldError | undefined }) {
  return (
    <Suspense fallback={<div style={PLACEHOLDER} />}>
      <CaptchaWidget {...props} />
    </Suspense>
  );
}
