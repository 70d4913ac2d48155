import type { Resolver } from 'react-hook-form';
import type { SubmissionFormOutput, SubmissionFormValues } from './form-model';

type SubmissionResolver = Resolver<SubmissionFormValues, unknown, SubmissionFormOutput>;

/** Shown on the text field when the form's checks could not be loaded (the connection dropped). */
export const VALIDATION_UNAVAILABLE = 'We could not check the form. Check your connection and try again.';

const loadValidation = () => Promise.all([import('@hookform/resolvers/zod'), import('@shared/submission.schema')]);

/** Fetches the form's checks ahead of the first blur or submit (the form calls it when it first gets the focus). */
export function preloadSubmissionValidation(): void {
  void loadValidation().catch(() => undefined);
}

/**
 * The shared submission schema as the form's resolver, loaded on first use: the form renders, counts and prices
 * without zod, which then stays out of /check-now's first script (decision 051). react-hook-form awaits a
 * resolver, so a check made while it loads simply finishes a little later. A failed load is reported on the text
 * field, never as a valid form, and the next check tries again.
 */
export function lazySubmissionResolver(supportEmail: string, load: typeof loadValidation = loadValidation): SubmissionResolver {
  let resolver: Promise<SubmissionResolver> | undefined;
  return async (values, context, options) => {
    resolver ??= load().then(
      ([{ zodResolver }, { buildSubmissionSchema }]) => zodResolver(buildSubmissionSchema(supportEmail)) as unknown as SubmissionResolver,
    );
    try {
      return await (await resolver)(values, context, options);
    } catch {
      resolver = undefined;
      return { values: {}, errors: { content: { type: 'unavailable', message: VALIDATION_UNAVAILABLE } } };
    }
  };
}
