import type { FieldErrors, Resolver } from 'react-hook-form';
import type { SubmissionFormOutput, SubmissionFormValues } from './form-model';

type SubmissionResolver = Resolver<SubmissionFormValues, unknown, SubmissionFormOutput>;

/** Shown on the text field when the form's checks could not be loaded (the connection dropped). */
export const VALIDATION_UNAVAILABLE = 'We could not check the form. Check your connection and try again.';

const loadValidation = () => Promise.all([import('@hookform/resolvers/zod'), import('@shared/submission.schema')]);

/** Fetches the form's checks ahead of the first blur or submit (the form calls it when it first gets the focus). */
export function preloadSubmissionValidation(): void {
  void loadValidation().catch(() => undefined);
}

/** The form's two flat editor fields as the API's `editorialResponsibility: { name, organisation }` (decision 060). */
function withEditor(values: SubmissionFormValues): Record<string, unknown> {
  const { editorName, editorOrganisation, ...rest } = values;
  return { ...rest, editorialResponsibility: { name: editorName ?? '', organisation: editorOrganisation ?? '' } };
}

/** The schema's errors under `editorialResponsibility` shown on the two fields that hold them. */
function editorErrors(errors: FieldErrors): FieldErrors<SubmissionFormValues> {
  const { editorialResponsibility, ...rest } = errors as FieldErrors & { editorialResponsibility?: FieldErrors & { message?: string; type?: string } };
  if (!editorialResponsibility) return rest as FieldErrors<SubmissionFormValues>;
  const name = editorialResponsibility.name ?? (editorialResponsibility.message ? editorialResponsibility : undefined);
  return {
    ...rest,
    ...(name ? { editorName: name } : {}),
    ...(editorialResponsibility.organisation ? { editorOrganisation: editorialResponsibility.organisation } : {}),
  } as FieldErrors<SubmissionFormValues>;
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
      const result = await (await resolver)(withEditor(values) as unknown as SubmissionFormValues, context, options);
      return { ...result, errors: editorErrors(result.errors) } as Awaited<ReturnType<SubmissionResolver>>;
    } catch {
      resolver = undefined;
      return { values: {}, errors: { content: { type: 'unavailable', message: VALIDATION_UNAVAILABLE } } };
    }
  };
}
