import { TIERS, type ServiceTier } from '@shared/service-tiers';

/** The contact form, prefilled to ask for a quote on the whole text (decision 069). */
export function quoteRequestHref(words: number, serviceTier: string, name: string, email: string): string {
  const tier = serviceTier in TIERS ? TIERS[serviceTier as ServiceTier].label : null;
  const params = new URLSearchParams({
    subject: `Quote for ${words.toLocaleString('en-GB')} words`,
    message: `Please quote a review of ${words.toLocaleString('en-GB')} words${tier ? ` (${tier})` : ''}. I can send the text once you reply.`,
  });
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  if (firstName) params.set('firstName', firstName);
  if (rest.length > 0) params.set('lastName', rest.join(' '));
  if (email.trim()) params.set('email', email.trim());
  return `/contact?${params.toString()}#form`;
}
