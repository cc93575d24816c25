import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export interface DeferredResolver<TInput extends FieldValues, TOutput> {
  resolver: Resolver<TInput, unknown, TOutput>;
  /** Starts loading the real resolver (again after a failed load); later calls do nothing. */
  load: () => void;
  /** Spread on the `<form>`: the first focus, press, input or submit inside it starts the load. */
  loadOn: {
    onFocus: () => void;
    onPointerDown: () => void;
    onInput: () => void;
    onSubmitCapture: () => void;
  };
}

/**
 * A react-hook-form resolver whose validation (a schema from @hfm/shared, and zod with it: 26 KB gzipped)
 * loads when the visitor starts on the form, not with the page. Until then it answers "not valid yet" with
 * no field error, as the form's own check on mount would: use it only for forms that start invalid (the
 * sign-up forms start empty, or prefilled without a password). Once loading has started every check waits
 * for the real resolver, so messages and timing of errors are the schema's own.
 */
export function deferredResolver<TInput extends FieldValues, TOutput>(
  importResolver: () => Promise<Resolver<TInput, unknown, TOutput>>,
): DeferredResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const load = () => {
    loading ??= importResolver().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    // A failed load shows when a check awaits it; this call only starts it.
    loading.catch(() => {});
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => {
    if (!loading) return { values: {}, errors: NOT_CHECKED_YET as FieldErrors<TInput> };
    return (await loading)(values, context, options);
  };
  return { resolver, load, loadOn: { onFocus: load, onPointerDown: load, onInput: load, onSubmitCapture: load } };
}

/** Not a field: makes `isValid` false and shows nothing. */
const NOT_CHECKED_YET = { root: { type: 'not-checked-yet' } };
