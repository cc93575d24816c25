import { useEffect, useState } from 'react';

/**
 * A module fetched when a screen first needs it (a chunk of its own, off the page's first load): `load()`
 * fetches it once; `useModule()` answers it once it is there (undefined until then, and after a failed
 * fetch, which the next use tries again).
 */
export function lazyModule<T>(importer: () => Promise<T>) {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (module) => (value = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function useModule(): T | undefined {
    const [module, setModule] = useState(value);
    useEffect(() => {
      if (module) return;
      let live = true;
      load().then(
        (loaded) => live && setModule(() => loaded),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [module]);
    return module;
  }
  return { load, useModule };
}
