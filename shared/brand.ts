/** Brand and support contact details shown across the site. The server can override the
 * contact details through configuration; these are harmless defaults (the product decisions, shared spec). */
export const BRAND = {
  plain: 'Human',
  accent: 'Proof',
  name: 'HumanProof',
} as const;

export interface SupportContact {
  email: string;
  phone: string;
  address: string;
}

export const DEFAULT_SUPPORT_CONTACT: SupportContact = {
  email: 'support@humanproof.example',
  phone: '+44 20 0000 0000',
  address: '1 Example Street, London EC1A 1AA, United Kingdom',
};
