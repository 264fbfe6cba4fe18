import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { useGlobals } from '../../hooks/use-globals.ts';
import { ensureAccountMessages } from '../../i18n/messages.client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ageGateFor, generalGateLanguage, NO_COUNTRY } from '../../lib/age-gate.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import type { GeneralGateText } from '../../ssr-types.ts';
import { rememberAgeConfirmed, storedAgeConfirmed } from './age-flag.ts';
import styles from './age-gate.module.css';

// The age gates of SPEC.md §4 around the whole layout. The server renders a gate with the
// page when its inputs say so (country, member, flag cookie, path, referral), so a gated
// visitor never sees the content first; while a gate is up the page behind it is `inert`
// (no focus, no clicks, hidden from assistive technology), which is what keeps focus in the
// gate. Decision 0018. The UK gate (photo upload) is its own chunk: only visitors from the
// UK need it, so it stays out of everyone's first-paint JavaScript.

// Its "waiting for review" words are screen messages (decision 0054): they come with it.
const ukGate = preloadable(() =>
  Promise.all([import('./uk-gate.tsx'), ensureAccountMessages()]).then(([m]) => m.UkGate),
);
const generalGate = preloadable(() => import('./general-gate.tsx').then((m) => m.GeneralGate));
const UkGate = ukGate.Component;
const GeneralGate = generalGate.Component;

/**
 * A gate whose code is there renders without a Suspense boundary: React streams even a
 * finished boundary of some size after the rest of the document, and the gate (a first
 * visit's largest text) would paint last. The server and the browser load the gate before
 * rendering it (entry-server.tsx, entry-client.tsx), so both render it the same way.
 */
function Loaded({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? children : <Suspense fallback={null}>{children}</Suspense>;
}

/** Loads the gate the server rendered, if any, before the page hydrates (entry-client.tsx). */
export function preloadAgeGate(gate: 'general' | 'uk' | 'none'): Promise<unknown> {
  if (gate === 'general') return generalGate.preload();
  if (gate === 'uk') return ukGate.preload();
  return Promise.resolve();
}

export function AgeGateFrame({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const globals = useGlobals();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const [confirmed, setConfirmed] = useState(globals.ageGate?.confirmed ?? false);
  const [verified, setVerified] = useState(globals.user?.ageVerified ?? false);
  const gate = ageGateFor({
    country: globals.ageGate?.country ?? NO_COUNTRY,
    user: globals.user ? { ageVerified: verified } : null,
    confirmed,
    path: pathname,
    referred: globals.ageGate?.referred ?? false,
  });

  useEffect(() => {
    // Passed before, but the cookie is gone: the browser's flag still counts.
    if (gate === 'general' && storedAgeConfirmed()) {
      rememberAgeConfirmed();
      setConfirmed(true);
    }
  }, [gate]);

  const serverText = globals.ageGate?.generalText;
  const generalText: GeneralGateText = serverText ?? {
    title: t('ageGate.general.title'),
    text: t('ageGate.general.text'),
    enter: t('ageGate.general.enter'),
    leave: t('ageGate.general.leave'),
  };
  const gateLang = serverText ? generalGateLanguage(globals.country) : i18n.language;

  // The gates come before the page in the document (they cover it, fixed): a first visit
  // paints the gate's text with the first bytes, not after the whole page has streamed in
  // (Lighthouse: it is the largest text of that paint).
  return (
    <>
      {gate === 'general' ? (
        <Loaded when={generalGate.isLoaded()}>
          <GeneralGate
            text={generalText}
            lang={gateLang === i18n.language ? undefined : gateLang}
            onEnter={() => {
              rememberAgeConfirmed();
              setConfirmed(true);
            }}
          />
        </Loaded>
      ) : null}
      {gate === 'uk' ? (
        <Loaded when={ukGate.isLoaded()}>
          <UkGate
            onVerified={() => {
              // The page constants are one object shared by loaders and components: the
              // member is verified from now on, without a reload (SPEC.md §4).
              if (globals.user) globals.user.ageVerified = true;
              setVerified(true);
              // The server left the content out of the page (decision 0025): load it now.
              void revalidator.revalidate();
            }}
          />
        </Loaded>
      ) : null}
      <div className={styles.page} inert={gate !== 'none'}>
        {children}
      </div>
    </>
  );
}
