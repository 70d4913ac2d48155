import { describe, expect, it } from 'vitest';
import { pickFormFields, readFieldParams } from './form-model';
import { MAX_UPLOAD_BYTES } from '@shared/submission.schema';
import { checkUploadFile, UPLOAD_ERRORS } from './api/extract-text';

describe('readFieldParams', () => {
  it('reads every field parameter of the spec', () => {
    const search =
      '?content=Hello%20world&serviceTier=polished&category=email&tone=Warm&targetAudience=Teachers&englishVariant=american' +
      '&instructions=Check&additionalNotes=Soon&fastTurnaround=true&contactName=Ann&contactEmail=a%40b.co&contactPhone=123&contactWebsite=https%3A%2F%2Fa.co';
    expect(readFieldParams(search)).toEqual({
      content: 'Hello world',
      serviceTier: 'polished',
      category: 'email',
      tone: 'Warm',
      targetAudience: 'Teachers',
      englishVariant: 'american',
      instructions: 'Check',
      additionalNotes: 'Soon',
      fastTurnaround: true,
      contactName: 'Ann',
      contactEmail: 'a@b.co',
      contactPhone: '123',
      contactWebsite: 'https://a.co',
    });
  });

  it('is null without field parameters and drops unknown tiers, categories and variants', () => {
    expect(readFieldParams('')).toBeNull();
    expect(readFieldParams('?submissionId=X&utm_source=mail')).toBeNull();
    expect(readFieldParams('?serviceTier=gold&category=poetry&englishVariant=klingon&fastTurnaround=no')).toEqual({ fastTurnaround: false });
  });

  it('keeps booleans and strings from a stored draft, ignoring anything else', () => {
    expect(pickFormFields({ content: 'x', fastTurnaround: true, amount: 1, wordCount: 3, tone: 5 })).toEqual({ content: 'x', fastTurnaround: true });
  });
});

describe('checkUploadFile', () => {
  it('accepts .txt, .docx and .pdf up to 10 MB', () => {
    expect(checkUploadFile({ name: 'a.TXT', size: 10 })).toBeNull();
    expect(checkUploadFile({ name: 'a.docx', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkUploadFile({ name: 'a.pdf', size: 1 })).toBeNull();
    expect(checkUploadFile({ name: 'a.pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe(UPLOAD_ERRORS.size);
    expect(checkUploadFile({ name: 'a.doc', size: 10 })).toBe(UPLOAD_ERRORS.type);
    expect(checkUploadFile({ name: 'a.txt', size: 0 })).toBe(UPLOAD_ERRORS.empty);
  });
});
