import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signUpSchema, type SignUpInput } from '@shared/auth.schema';
import { summaryLabel, useErrorSummary } from './error-summary';

afterEach(cleanup);

/** The sign-up form's fields and checks, as the page has them. */
function SignUpHarness() {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: 'not-an-address', password: '' },
    shouldFocusError: false,
  });
  const summary = useErrorSummary(form, [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['email', 'Email'],
    ['password', 'Password'],
  ]);
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined, summary.onInvalid)}>
      {summary.summary}
      <input aria-label="First name" {...form.register('firstName')} />
      <input aria-label="Last name" {...form.register('lastName')} />
      <input aria-label="Email" {...form.register('email')} />
      <input aria-label="Password" {...form.register('password')} />
      <button type="submit">Create account</button>
    </form>
  );
}

describe('the error summary names each field (issue 45)', () => {
  it('never reads "Required / Required": a message that does not name its field gets the field\'s label', async () => {
    render(<SignUpHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const items = within(summary).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['First name: Required', 'Last name: Required', 'Please enter a valid email', expect.stringMatching(/^Password/)]);
    // Each link is described by its field's name, and still leads to it.
    const link = within(summary).getAllByRole('link', { name: 'Required' })[1]!;
    expect(document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Last name: ');
    fireEvent.click(link);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Last name')));
    expect(new Set(items).size).toBe(items.length);
  });

  it('leaves out "(optional)" and a label the message already says', () => {
    expect(summaryLabel('Website (optional)', 'Please enter a valid URL')).toBe('Website');
    expect(summaryLabel('Name', 'Name is required')).toBeNull();
    expect(summaryLabel('Email', 'Please enter a valid email')).toBeNull();
    expect(summaryLabel('Content', 'Content must be at least 10 characters long')).toBeNull();
  });
});
