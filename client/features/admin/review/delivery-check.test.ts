import { describe, expect, it } from 'vitest';
import { activeMinutesOf, activeTimeText, emptyEffortCounts } from '@shared/review-effort.schema';
import { certificateReviewerLine, deliveryCheckLines, type DeliveryCheckFacts } from './delivery-check';

const facts = (overrides: Partial<DeliveryCheckFacts> = {}): DeliveryCheckFacts => ({
  outstanding: { findings: 0, suggestions: 0 },
  claims: [],
  changedWords: 0,
  effort: { ...emptyEffortCounts(), activeSeconds: 0 },
  reviewer: { firstName: 'Ana', lastName: 'reviewer' },
  ...overrides,
});

const byLabel = (f: DeliveryCheckFacts) => Object.fromEntries(deliveryCheckLines(f).map((l) => [l.label, l]));

describe('the check before delivery', () => {
  it('flags what is still open: findings, suggestions and claims without a source', () => {
    const lines = byLabel(
      facts({
        outstanding: { findings: 2, suggestions: 30 },
        claims: [
          { verdict: 'supported', sources: ['https://example.org'] },
          { verdict: 'unsupported', sources: [] },
        ],
      }),
    );
    expect(lines['Open findings']).toMatchObject({ value: '2', warn: true });
    expect(lines['Suggested claims not checked']).toMatchObject({ value: '30', warn: true });
    expect(lines['Claims without a source']).toMatchObject({ value: '1', warn: true });
    expect(lines['Claims in the report']!.value).toMatch(/^2 \(/);
  });

  it('warns of nothing on a finished review, and leaves out the panels a layout does not show', () => {
    const lines = deliveryCheckLines(facts({ outstanding: { findings: null, suggestions: null } }));
    expect(lines.filter((l) => l.warn)).toEqual([]);
    expect(lines.map((l) => l.label)).not.toContain('Open findings');
    expect(lines.map((l) => l.label)).not.toContain('Suggested claims not checked');
  });

  it('shows the effort, the words changed and the certificate’s reviewer line', () => {
    const lines = byLabel(
      facts({ changedWords: 175, effort: { activeSeconds: 125, suggestionsAccepted: 3, suggestionsIgnored: 1, findingsByCategory: { spelling: 2 } } }),
    );
    expect(lines['Words changed']!.value).toBe('175');
    expect(lines['Effort in this visit']!.value).toBe('2 min active, 3 suggestions accepted (2 language fixes), 1 ignored');
    expect(lines['Certificate: reviewed by']!.value).toBe('Ana R.');
  });

  it('names the reviewer as the certificate does', () => {
    expect(certificateReviewerLine({ firstName: 'Kim', lastName: null })).toBe('Kim');
    expect(certificateReviewerLine({ firstName: ' ', lastName: 'Keys' })).toBe('A HumanProof reviewer');
    expect(certificateReviewerLine(null)).toBe('A HumanProof reviewer');
  });
});

describe('the effort line never shows an effort it did not measure (issue 42)', () => {
  it('says the active time was not measured rather than 0 min', () => {
    const lines = Object.fromEntries(deliveryCheckLines(facts({})).map((l) => [l.label, l]));
    expect(lines['Effort in this visit']!.value).toMatch(/^active time not measured, /);
    expect(activeTimeText(activeMinutesOf(0))).toBe('not measured');
    // Any measured time is at least a minute; a minute and a half is 2.
    expect(activeTimeText(activeMinutesOf(20))).toBe('1 min');
    expect(activeTimeText(activeMinutesOf(90))).toBe('2 min');
  });
});
