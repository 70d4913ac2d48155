/** What other features and the app shell may use from the account feature (its page loads through the route table). */
export { useAccountSecurity } from './api/get-account-security';
export { VerifyEmailBanner } from './verify-email-banner';
export { AccountReady } from './account-ready';
