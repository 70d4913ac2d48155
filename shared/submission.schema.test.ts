import { describe, expect, it } from 'vitest';
import { buildSubmissionSchema, SUBMISSION_MESSAGES, submissionDraftSchema } from './submission.schema';

const schema = buildSubmissionSchema('help@example.org');
const valid = {
  content: 'This is a perfectly fine piece of content to review.',
  serviceTier: 'polished',
  category: 'blog-post',
  contactName: 'Ada Lovelace',
  contactEmail: 'ada@example.com',
};

function firstMessage(input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('buildSubmissionSchema', () => {
  it('accepts a minimal form and fills the defaults', () => {
    const parsed = schema.parse(valid);
    expect(parsed).toMatchObject({
      englishVariant: 'british',
      fastTurnaround: false,
      tone: '',
      targetAudience: '',
      instructions: '',
      additionalNotes: '',
      contactPhone: '',
      contactWebsite: '',
    });
  });

  it('drops fields it does not know (amount, status)', () => {
    const parsed = schema.parse({ ...valid, amount: 0.01, status: 'paid' });
    expect(parsed).not.toHaveProperty('amount');
    expect(parsed).not.toHaveProperty('status');
  });

  it('gives the spec messages', () => {
    expect(firstMessage({ ...valid, content: 'too short' })).toBe('Content must be at least 10 characters long');
    expect(firstMessage({ ...valid, content: '          x' })).toBe(SUBMISSION_MESSAGES.contentTooShort);
    expect(firstMessage({ ...valid, content: Array(3001).fill('w').join(' ') })).toBe(
      'Content must be 3,000 words or less. For longer content, please email help@example.org',
    );
    expect(firstMessage({ ...valid, serviceTier: 'gold' })).toBe('Please select a service tier');
    expect(firstMessage({ ...valid, serviceTier: undefined })).toBe('Please select a service tier');
    expect(firstMessage({ ...valid, category: 'poetry' })).toBe('Please select a category');
    expect(firstMessage({ ...valid, contactName: '   ' })).toBe('Name is required');
    expect(firstMessage({ ...valid, contactName: undefined })).toBe('Name is required');
    expect(firstMessage({ ...valid, contactEmail: 'not-an-email' })).toBe('Please enter a valid email');
    expect(firstMessage({ ...valid, contactWebsite: 'not a url' })).toBe('Please enter a valid URL');
    expect(firstMessage({ ...valid, contactWebsite: 'javascript:alert(1)' })).toBe('Please enter a valid URL');
    expect(firstMessage({ ...valid, tone: 'x'.repeat(51) })).toBe('Tone must be 50 characters or less');
    expect(firstMessage({ ...valid, content: 'x'.repeat(40_001) })).toBe(
      'Content must be 40,000 characters or less. For longer content, please email help@example.org',
    );
  });

  it('accepts exactly 3,000 words, an empty website and a real URL', () => {
    expect(schema.safeParse({ ...valid, content: Array(3000).fill('w').join(' ') }).success).toBe(true);
    expect(schema.safeParse({ ...valid, contactWebsite: '' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, contactWebsite: 'https://example.com/a' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, tone: 'x'.repeat(50) }).success).toBe(true);
  });

  it('uses the default support address when none is given', () => {
    const result = buildSubmissionSchema().safeParse({ ...valid, content: Array(3001).fill('w').join(' ') });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/please email support@humanproof\.example$/);
  });

  it('the draft shape keeps only the form fields', () => {
    expect(Object.keys(submissionDraftSchema.shape).sort()).toEqual(
      [
        'additionalNotes',
        'category',
        'content',
        'englishVariant',
        'fastTurnaround',
        'instructions',
        'serviceTier',
        'targetAudience',
        'tone',
      ].sort(),
    );
  });
});
