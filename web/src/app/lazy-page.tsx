import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@/ui/spinner';
import './lazy-page.css';

/** A page loaded on first opening, so it stays out of the first page load. */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <div className="lazy-page-loading">
            <Spinner />
          </div>
        }
      >
        <Page />
      </Suspense>
    );
  };
}
