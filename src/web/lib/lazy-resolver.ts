import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose schema, and zod with it, loads when first needed instead of
 * with the form: evaluating zod was the longest task of a thread page on a phone
 * (Lighthouse TBT), for a form most readers never use. preload() fetches it early,
 * when the reader first focuses the form, so a submit rarely waits for it. A failed
 * load is retried on the next call.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(load: () => Promise<Resolver<Input, Context, Output>>) {
  let loading: Promise<Resolver<Input, Context, Output>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<Input, Context, Output> = async (values, context, options) => (await get())(values, context, options);
  return {
    resolver,
    preload: () => void get().catch(() => undefined),
  };
}
