import { lazy, Suspense, type ComponentProps } from 'react';

const SearchBox = lazy(() =>
  import('@/components/SearchBox/SearchBox').then((module) => ({ default: module.SearchBox })),
);

/**
 * The search box for the shell (header, not-found page), loaded right after start-up instead of
 * with it: the start-up budget stays for what the first paint needs. Until it arrives the space is
 * empty; the field sits inside the header's fixed height, so nothing moves when it appears.
 */
export function LazySearchBox(props: ComponentProps<typeof SearchBox>) {
  return (
    <Suspense fallback={null}>
      <SearchBox {...props} />
    </Suspense>
  );
}
