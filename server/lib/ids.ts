import { randomBytes, randomUUID } from 'node:crypto';

// Crockford-style alphabet: no I, L, O or U, so an id can be read out over the phone.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A random, unguessable, URL-safe id of `length` characters (5 bits each; 10 chars = 50 bits). */
export function readableId(length = 10): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[bytes[i]! & 31];
  return out;
}

export function newId(): string {
  return randomUUID();
}
