import { request } from 'node:http';
import path from 'node:path';
import { E2E_PORT } from '../env';

/** The e2e server's admin channel (scripts/e2e-admin-channel.mjs, adminChannelPath). */
const SOCKET = path.resolve(import.meta.dirname, '..', '..', '.tmp', `e2e-${E2E_PORT}.admin.sock`);

/** Makes the account with `email` an administrator, or takes the role away, as `npm run admin -- grant|revoke` does. */
export function setAdmin(email: string, isAdmin: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: SOCKET, method: isAdmin ? 'PUT' : 'DELETE', path: `/admins/${encodeURIComponent(email)}` }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        if (res.statusCode === 204) resolve();
        else reject(new Error(`admin channel: ${isAdmin ? 'grant' : 'revoke'} ${email} answered ${res.statusCode} ${body}`));
      });
    });
    req.on('error', reject);
    req.end();
  });
}
