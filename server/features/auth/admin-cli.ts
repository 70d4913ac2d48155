import { openDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/data-dir-lock';
import { DatabaseStartupError } from '../../db/errors';
import { ConfigError, loadConfig } from '../../env';
import { grantAdmin } from './admin-role';

/** `npm run admin -- grant|revoke <email>` */
async function main(argv: string[]): Promise<number> {
  const [action, email] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error('Usage: npm run admin -- grant|revoke <email>');
    return 2;
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const found = await grantAdmin(handle.db, email, action === 'grant');
    if (!found) {
      console.error(`No account with the e-mail ${email}. The person must sign up first.`);
      return 1;
    }
    console.log(action === 'grant' ? `${email} is now an administrator.` : `${email} is no longer an administrator.`);
    if (action === 'revoke' && config.adminEmails.includes(email.toLowerCase())) {
      console.warn(`Note: ${email} is listed in ADMIN_EMAILS, which keeps it an administrator until removed there.`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
    else if (err instanceof DataDirLockedError) console.error(`${err.message} (the embedded database: stop the server first)`);
    else if (err instanceof DatabaseStartupError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
