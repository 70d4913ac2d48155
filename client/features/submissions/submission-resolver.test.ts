import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { EDITORIAL_MESSAGES } from '@shared/editorial-text';
import { SUBMISSION_MESSAGES } from '@shared/submission-limits';
import { EMPTY_FORM, type SubmissionFormValues } from './form-model';
import { lazySubmissionResolver, VALIDATION_UNAVAILABLE } from './submission-resolver';

const OPTIONS = { shouldUseNativeValidation: false, fields: {} } as ResolverOptions<SubmissionFormValues>;
const VALID: SubmissionFormValues = {
  ...EMPTY_FORM,
  content: 'A short paragraph written by a language model, checked by a person.',
  serviceTier: 'polished',
  category: 'blog-post',
  contactName: 'Grace Hopper',
  contactEmail: 'grace@example.com',
};

describe('the order form resolver, loaded on first use', () => {
  it("checks with the shared schema: its messages on a bad form, the schema's output on a good one", async () => {
    const resolve = lazySubmissionResolver('help@example.com');
    const bad = await resolve({ ...VALID, serviceTier: '', contactEmail: 'not an address' }, undefined, OPTIONS);
    expect(bad.errors.serviceTier?.message).toBe(SUBMISSION_MESSAGES.serviceTier);
    expect(bad.errors.contactEmail?.message).toBe(SUBMISSION_MESSAGES.contactEmail);
    const good = await resolve({ ...VALID, contactName: '  Grace Hopper  ' }, undefined, OPTIONS);
    expect(good.errors).toEqual({});
    expect(good.values).toMatchObject({ contactName: 'Grace Hopper', serviceTier: 'polished' });
  });

  it('sends the editor fields as editorialResponsibility, blank as not named, and shows its errors on the fields (decision 060)', async () => {
    const resolve = lazySubmissionResolver('help@example.com');
    const named = await resolve({ ...VALID, editorName: ' Jane  Editor ', editorOrganisation: 'Example News' }, undefined, OPTIONS);
    expect(named.errors).toEqual({});
    expect(named.values).toMatchObject({ editorialResponsibility: { name: 'Jane Editor', organisation: 'Example News' } });
    expect(named.values).not.toHaveProperty('editorName');
    const blank = await resolve(VALID, undefined, OPTIONS);
    expect(blank.values).toMatchObject({ editorialResponsibility: null });
    const orphan = await resolve({ ...VALID, editorOrganisation: 'Example News' }, undefined, OPTIONS);
    expect(orphan.errors.editorName?.message).toBe(EDITORIAL_MESSAGES.organisationWithoutName);
    const long = await resolve({ ...VALID, editorName: 'Jane', editorOrganisation: 'x'.repeat(201) }, undefined, OPTIONS);
    expect(long.errors.editorOrganisation?.message).toBe(EDITORIAL_MESSAGES.organisation);
    expect(long.errors).not.toHaveProperty('editorialResponsibility');
  });

  it('names the support address it was given in the "too long" message', async () => {
    const resolve = lazySubmissionResolver('orders@example.org');
    const result = await resolve({ ...VALID, content: 'word '.repeat(3001) }, undefined, OPTIONS);
    expect(result.errors.content?.message).toBe(SUBMISSION_MESSAGES.contentTooLong('orders@example.org'));
  });

  it('reports a failed load on the text field, never a valid form, and loads again on the next check', async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return Promise.all([import('@hookform/resolvers/zod'), import('@shared/submission.schema')]);
    };
    const resolve = lazySubmissionResolver('help@example.com', flaky);
    const failed = await resolve(VALID, undefined, OPTIONS);
    expect(failed.values).toEqual({});
    expect(failed.errors.content?.message).toBe(VALIDATION_UNAVAILABLE);
    const retried = await resolve(VALID, undefined, OPTIONS);
    expect(retried.errors).toEqual({});
    expect(calls).toBe(2);
  });
});
