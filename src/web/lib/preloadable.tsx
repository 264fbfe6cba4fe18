import { type ComponentType, lazy } from 'react';

// A component in its own chunk that the browser can load before hydrating. React.lazy alone
// suspends on its first render even when its code is already there, so the part of the page
// inside it would hydrate after the rest, and a click on it in between would be lost. Once
// `preload()` has finished, this renders the loaded component directly.

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level, like React.lazy's component; it holds no hooks.
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  /** True once the code is there: a caller may then render it without a Suspense boundary. */
  const isLoaded = () => loaded !== undefined;
  return { Component: Preloadable, preload, isLoaded };
}
