import { type ComponentType, lazy } from 'react';

/** React.lazy for a named export, so screens keep named exports and still load on demand. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
