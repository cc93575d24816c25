import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a part of the app that asks the API: its module and the query cache's (./providers, React
 * Query) load side by side, and the part renders inside the cache. What every page loads has no React Query in
 * it: the welcome and landing pages never load it (decision 0063).
 */
export function lazyWithQueries<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(async () => {
    const [{ Providers }, { default: Part }] = await Promise.all([import('./providers'), load()]);
    function WithQueries(props: Props) {
      return (
        <Providers>
          <Part {...props} />
        </Providers>
      );
    }
    return { default: WithQueries };
  });
}
