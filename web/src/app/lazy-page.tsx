import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@/ui/spinner';

/** A page loaded on first opening: the management pages stay out of the bundle every player downloads. */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <div className="page-loading">
            <Spinner />
          </div>
        }
      >
        <Page />
      </Suspense>
    );
  };
}
