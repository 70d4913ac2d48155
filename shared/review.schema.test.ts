import { describe, expect, it } from 'vitest';
import {
  buildReviewedContent,
  canCompleteReview,
  documentExtension,
  documentIdFromReference,
  reviewedTextOf,
  reviewUpdateSchema,
} from './review.schema';

describe('reviewed content', () => {
  const urls = ['https://hp.example/api/documents/11111111-aaaa', 'https://hp.example/api/documents/22222222-bbbb'];

  it('builds the spec prefix per mode and recovers the reviewer text exactly', () => {
    const cases = [
      { attachmentMode: 'text' as const, documentLink: '', documentUrls: [], expected: 'Body' },
      { attachmentMode: 'link' as const, documentLink: 'https://docs.example/x', documentUrls: [], expected: 'https://docs.example/x\n\nBody' },
      { attachmentMode: 'upload' as const, documentLink: '', documentUrls: urls, expected: `${urls[0]}\n${urls[1]}\n\nBody` },
    ];
    for (const c of cases) {
      const stored = buildReviewedContent({ ...c, reviewedText: '  Body  ' });
      expect(stored).toBe(c.expected);
      expect(reviewedTextOf({ reviewedContent: stored, attachmentMode: c.attachmentMode, documentLink: c.documentLink })).toBe('Body');
    }
    expect(buildReviewedContent({ attachmentMode: 'link', reviewedText: ' ', documentLink: 'https://a.example', documentUrls: [] })).toBe('https://a.example');
    expect(reviewedTextOf({ reviewedContent: 'https://a.example', attachmentMode: 'link', documentLink: 'https://a.example' })).toBe('');
  });

  it('applies the spec disabled rule for Complete Review', () => {
    const base = { reviewedContent: '', documentLink: '', uploadedCount: 0, saving: false };
    expect(canCompleteReview({ ...base, attachmentMode: 'text' })).toBe(false);
    expect(canCompleteReview({ ...base, attachmentMode: 'text', reviewedContent: 'x' })).toBe(true);
    expect(canCompleteReview({ ...base, attachmentMode: 'text', reviewedContent: 'x', saving: true })).toBe(false);
    expect(canCompleteReview({ ...base, attachmentMode: 'link', documentLink: ' ' })).toBe(false);
    expect(canCompleteReview({ ...base, attachmentMode: 'link', documentLink: 'https://x.example' })).toBe(true);
    expect(canCompleteReview({ ...base, attachmentMode: 'upload' })).toBe(false);
    expect(canCompleteReview({ ...base, attachmentMode: 'upload', uploadedCount: 1 })).toBe(true);
  });

  it('validates the payload by mode', () => {
    const parse = (v: object) => reviewUpdateSchema.safeParse({ complete: false, version: 0, ...v });
    expect(parse({ attachmentMode: 'link', documentLink: 'nope' }).error?.issues[0]?.message).toBe('Please enter a valid URL');
    expect(parse({ attachmentMode: 'link', documentLink: '' }).success).toBe(true);
    expect(parse({ attachmentMode: 'link', documentLink: '', complete: true }).success).toBe(false);
    expect(parse({ attachmentMode: 'text', reviewedContent: ' ', complete: true }).success).toBe(false);
    expect(parse({ attachmentMode: 'upload', complete: true }).success).toBe(false);
    expect(parse({ attachmentMode: 'pdf' }).success).toBe(false);
    // The draft's version is required (decision 021): no blind overwrite.
    expect(reviewUpdateSchema.safeParse({ complete: false }).success).toBe(false);
  });

  it('reads document types and references', () => {
    expect(documentExtension('Report.DOCX')).toBe('docx');
    expect(documentExtension('image.png')).toBeNull();
    expect(documentExtension('pdf')).toBeNull();
    expect(documentIdFromReference('/api/documents/11111111-aaaa')).toBe('11111111-aaaa');
    expect(documentIdFromReference('https://hp.example/api/documents/11111111-aaaa')).toBe('11111111-aaaa');
    expect(documentIdFromReference('../../etc/passwd')).toBeNull();
  });
});

describe('dueFlagOf (issue 14)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const at = (h: number) => new Date(now.getTime() + h * 3_600_000);
  it('is overdue past the due date, due soon within 4 hours (inclusive), else none; never for finished work', async () => {
    const { dueFlagOf } = await import('./review.schema');
    expect(dueFlagOf({ dueDate: at(-0.001), status: 'in-review' }, now)).toBe('overdue');
    expect(dueFlagOf({ dueDate: at(0), status: 'paid' }, now)).toBe('due-soon');
    expect(dueFlagOf({ dueDate: at(4), status: 'paid' }, now)).toBe('due-soon');
    expect(dueFlagOf({ dueDate: at(4.001), status: 'paid' }, now)).toBeNull();
    expect(dueFlagOf({ dueDate: at(-5).toISOString(), status: 'revision-requested' }, now)).toBe('overdue');
    expect(dueFlagOf({ dueDate: at(-5), status: 'completed' }, now)).toBeNull();
    expect(dueFlagOf({ dueDate: at(1), status: 'cancelled' }, now)).toBeNull();
    expect(dueFlagOf({ dueDate: null, status: 'new' }, now)).toBeNull();
    expect(dueFlagOf({ dueDate: 'not a date', status: 'paid' }, now)).toBeNull();
  });
});
