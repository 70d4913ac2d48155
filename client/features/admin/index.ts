/** What other features may use from the admin feature: the turn-away every admin page shows to anyone else. */
export { ADMIN_REDIRECT_MS, AdminGate, AdminSubpage, isAdminUser, Unauthorized } from './unauthorized';
