/** GET /api/account/export: everything the account holds, as a JSON file (a download link, not a data call). */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
