import type { Resolver, ResolverResult } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { deferredResolver } from './deferred-resolver';

// A type, not an interface: react-hook-form's values want an index signature.
type Values = { name: string };

/** A real resolver, counting its imports: a name is required. */
function counted() {
  const imports = { count: 0 };
  const real: Resolver<Values, unknown, Values> = (values): ResolverResult<Values, Values> => {
    if (values.name) return { values, errors: {} };
    return { values: {}, errors: { name: { type: 'required', message: 'Please enter a name.' } } };
  };
  return { imports, load: () => Promise.resolve(real).finally(() => imports.count++) };
}

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('deferredResolver', () => {
  it('answers "not valid" with no field error and loads nothing until the form is started on', async () => {
    const { imports, load } = counted();
    const { resolver } = deferredResolver(load);
    const result = await resolver({ name: 'Sam' }, undefined, options);
    expect(Object.keys(result.errors)).toEqual(['root']);
    expect(result.errors.name).toBeUndefined();
    expect(imports.count).toBe(0);
  });

  it('once loading has started, answers what the real resolver answers, loading it once', async () => {
    const { imports, load } = counted();
    const validation = deferredResolver(load);
    validation.loadOn.onFocus();
    validation.loadOn.onInput();
    expect(await validation.resolver({ name: '' }, undefined, options)).toEqual({
      values: {},
      errors: { name: { type: 'required', message: 'Please enter a name.' } },
    });
    expect(await validation.resolver({ name: 'Sam' }, undefined, options)).toEqual({
      values: { name: 'Sam' },
      errors: {},
    });
    expect(imports.count).toBe(1);
  });

  it('tries the import again after it failed', async () => {
    let attempts = 0;
    const validation = deferredResolver<Values, Values>(async () => {
      attempts++;
      if (attempts === 1) throw new Error('offline');
      return (values) => ({ values, errors: {} });
    });
    validation.load();
    await expect(validation.resolver({ name: 'Sam' }, undefined, options)).rejects.toThrow('offline');
    validation.load();
    expect(await validation.resolver({ name: 'Sam' }, undefined, options)).toEqual({
      values: { name: 'Sam' },
      errors: {},
    });
    expect(attempts).toBe(2);
  });
});
