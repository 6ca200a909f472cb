import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// The constraint React.lazy itself puts on a component (its props are the component's own).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * React.lazy for a named export: `lazyNamed(() => import('./Chart'), 'Chart')`. The module becomes
 * its own chunk, loaded the first time the component renders (inside a Suspense).
 */
export function lazyNamed<K extends string, C extends AnyComponent>(
  load: () => Promise<Record<NoInfer<K>, C>>,
  name: K,
): LazyExoticComponent<C> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
