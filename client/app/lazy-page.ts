import { type ComponentType, createElement, lazy } from 'react';

/** An import of a module that keeps the module once it has arrived. */
export type Loader<M> = (() => Promise<M>) & { loaded: () => M | undefined };

export function loader<M>(importer: () => Promise<M>): Loader<M> {
  let module: M | undefined;
  const load = async () => {
    module = await importer();
    return module;
  };
  return Object.assign(load, { loaded: () => module });
}

type Module<P, K extends string> = Record<K, ComponentType<P>>;

/**
 * React.lazy for a named export, so screens keep named exports and still load on demand. Once its module has
 * arrived (loaded ahead by route-preload.ts through the same `Loader`, or by an earlier visit) the screen renders at
 * once: a screen that suspends shows its Suspense fallback first, and React then holds the screen back for its
 * fallback throttle (300 ms), which a screen already loaded does not need to wait.
 */
export function lazyPage<P extends object, K extends string>(
  load: Loader<Module<P, K>> | (() => Promise<Module<P, K>>),
  name: K,
): ComponentType<P> {
  const from = 'loaded' in load ? load : loader(load);
  const Lazy = lazy(async (): Promise<{ default: ComponentType<P> }> => ({ default: (await from())[name] }));
  function LazyPage(props: P) {
    const loaded: ComponentType<P> | undefined = from.loaded()?.[name];
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  LazyPage.displayName = name;
  return LazyPage;
}
