import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@client/lib/api';
import { ErrorBoundary } from './error-boundary';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

afterEach(cleanup);

describe('ErrorBoundary', () => {
  it('shows the page it replaced failed, with the reference of the server error that caused it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new ApiError(500, 'Request failed', JSON.stringify({ message: 'Something went wrong on our side. Please try again.', requestId: 'req-7f3a' }));
    render(
      <ErrorBoundary>
        <Throws error={error} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('req-7f3a')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('without a server reference, still a page with a way out', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Throws error={new Error('a bug')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).not.toContain('reference');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});

describe('ApiError references', () => {
  it('a server error message carries its reference; a client error message does not', () => {
    expect(new ApiError(500, 'x', JSON.stringify({ message: 'Something went wrong.', requestId: 'abc' })).serverMessage).toBe('Something went wrong. (Reference: abc)');
    expect(new ApiError(400, 'x', JSON.stringify({ message: 'Please enter a title', requestId: 'abc' })).serverMessage).toBe('Please enter a title');
    expect(new ApiError(401, 'x', JSON.stringify({ detail: 'No key', instance: 'urn:request:def' })).requestId).toBe('def');
    expect(new ApiError(502, 'x', '<html>bad gateway</html>').requestId).toBeUndefined();
  });
});
