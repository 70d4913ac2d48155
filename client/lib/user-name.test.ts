import { describe, expect, it } from 'vitest';
import { fullName, userInitials } from './user-name';

describe('avatar initials', () => {
  it('uses the first letters of first and last name, upper-cased', () => {
    expect(userInitials({ firstName: 'grace', lastName: 'hopper', email: 'g@example.com' })).toBe('GH');
  });
  it('falls back to the e-mail, then to U', () => {
    expect(userInitials({ firstName: null, lastName: null, email: 'zoe@example.com' })).toBe('Z');
    expect(userInitials({ firstName: null, lastName: null, email: '' })).toBe('U');
  });
  it('joins the full name', () => {
    expect(fullName({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });
});
