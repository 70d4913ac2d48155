import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { MAX_CONTENT_CHARACTERS, SUBMISSION_MESSAGES } from '@shared/submission.schema';
import { countWords } from '@shared/word-count';
import { ContentSection } from './content-section';
import { EMPTY_FORM, type SubmissionForm, type SubmissionFormValues } from './form-model';
import { OrderSummary } from './order-summary';
import { withWordCount } from './api/submission-outcome';

/** The form's content card and summary as submission-form.tsx wires them, for one content value. */
function Harness({ content }: { content: string }) {
  const form = useForm<SubmissionFormValues>({ defaultValues: { ...EMPTY_FORM, content } }) as unknown as SubmissionForm;
  const words = countWords(content);
  const tooManyCharacters = content.length > MAX_CONTENT_CHARACTERS;
  return (
    <>
      <ContentSection
        form={form}
        words={words}
        tooManyCharacters={tooManyCharacters}
        supportEmail="help@example.org"
        mode="paste"
        onModeChange={() => {}}
        fileName={undefined}
        onExtracted={() => {}}
      />
      <OrderSummary words={words} tooManyCharacters={tooManyCharacters} serviceTier="polished" category="" englishVariant="british" fast={false} pending={false} />
    </>
  );
}

afterEach(cleanup);

describe('the content card', () => {
  it('says inline when the text passes the character cap, and blocks payment', () => {
    // 2,001 tokens of 20 letters: under 3,000 words, over 40,000 characters.
    render(<Harness content={Array.from({ length: 2001 }, () => 'abcdefghijklmnopqrst').join(' ')} />);
    expect(screen.getByTestId('content-characters-error').textContent).toBe(SUBMISSION_MESSAGES.contentTooManyCharacters('help@example.org'));
    expect(screen.getByRole('button', { name: 'Continue to Payment' }).hasAttribute('disabled')).toBe(true);
  });

  it('counts words joined by invisible separators, as the server does', () => {
    render(<Harness content={Array.from({ length: 12 }, () => 'word').join('\u2800')} />);
    expect(screen.getByTestId('word-count').textContent).toBe('12');
    expect(screen.queryByTestId('content-characters-error')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue to Payment' }).hasAttribute('disabled')).toBe(false);
  });

  it('prices 3,000 words joined by /, ·, |, _ or . as 3,000 words, as the server charges them (issue 28)', () => {
    for (const joiner of ['/', '\u00B7', '|', '_', '.']) {
      cleanup();
      render(<Harness content={Array.from({ length: 3000 }, (_, i) => `word${i % 3}`).join(joiner)} />);
      expect(screen.getByTestId('word-count').textContent).toBe('3,000');
      expect(screen.getByTestId('estimate-total').textContent).toBe('£180.00');
    }
  });
});

describe('what the form sends', () => {
  it('adds the word count it shows (spec section 3), which the server never reads', () => {
    const payload = withWordCount({ ...EMPTY_FORM, content: 'one/two/three four', serviceTier: 'polished', category: 'blog-post' } as never);
    expect(payload.wordCount).toBe(4);
    expect(payload.content).toBe('one/two/three four');
  });
});
