/**
 * Checks a HumanProof certificate of human review outside the browser (issue 24, decisions 033 and 053): the
 * Ed25519 signature against HumanProof's published keys, whether HumanProof revoked it, and a text against the
 * certificate's fingerprint. The same certificate saved as a W3C Verifiable Credential
 * (GET /api/v1/certificates/{code}/credential, issue 43, decision 060) is checked the same way, with Digital Bazaar's
 * libraries: both Data Integrity proofs, the revocation bit in the site's status list, and the text
 * (examples/verify-credential.ts).
 *
 *   node --import tsx examples/verify-certificate.ts certificate.json text.txt
 *   node --import tsx examples/verify-certificate.ts certificate.json text.txt --site https://humanproof.example
 *   node --import tsx examples/verify-certificate.ts certificate.json text.txt --keys keys.json
 *   node --import tsx examples/verify-certificate.ts certificate.json text.txt --keys https://humanproof.example/.well-known/humanproof-keys.json
 *
 * The keys come only from a place you name: --keys (a saved copy of the keys file, or its address), or else
 * HumanProof's site, --site or HUMANPROOF_URL (default http://localhost:5000), at /.well-known/humanproof-keys.json.
 * Never from the certificate's own `issuer`: anybody can write a file that names their own server there. The
 * script prints where its keys came from and their ids. The site is also asked whether the certificate was revoked
 * (GET /api/v1/certificates/{code}); with --keys and no site named it makes no call at all, and says the status was
 * not checked. A certificate revoked by the file's own word or by the site's is refused.
 *
 * certificate.json is what GET /api/v1/certificates/{code} answers, or .../credential; a file that names a member
 * twice is refused. For a credential, --keys may also be a saved did.json, and the keys come from the site's
 * /.well-known/did.json otherwise.
 * Exit code 0 when the signature verifies, the certificate is not revoked and the text matches; 1 when any of that
 * fails; 2 when it could not be checked (bad arguments, a file or the site unreachable).
 * server/features/certificates/verify-example.test.ts runs it in CI, in each of these forms.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CERTIFICATE_KEYS_PATH, certificateJsonPath, certificateKeysSchema, REVOCATION_TEXT, type CertificateKey, type RevocationReason } from '../shared/certificate.schema';
import { checkCertificateSignature, compareText, readCertificateFile } from '../shared/certificate-verify';
import { parseStrictJson } from '../shared/strict-json';
import { readJsonSource } from './json-source';
import { verifyCredentialFile } from './verify-credential';

const DEFAULT_SITE = 'http://localhost:5000';
const USAGE = 'usage: node --import tsx examples/verify-certificate.ts <certificate.json> <text-file> [--site <url>] [--keys <url-or-file>]';

function siteAddress(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    throw new Error(`the site must be an http(s) address, not ${JSON.stringify(raw)}`, { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the site must be an http(s) address, not ${JSON.stringify(raw)}`);
  return url.href.replace(/\/+$/, '');
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new Error(`could not reach ${url}${cause}`, { cause: error });
  }
  const text = await response.text();
  const parsed = parseStrictJson(text);
  return { status: response.status, body: parsed.ok ? parsed.value : undefined };
}

async function loadKeys(source: string): Promise<CertificateKey[]> {
  const keys = certificateKeysSchema.safeParse(await readJsonSource(source, getJson));
  if (!keys.success) throw new Error(`${source} is not a HumanProof keys file (no "keys" list of Ed25519 keys)`);
  return keys.data.keys;
}

type StatusCheck = { ok: boolean; line: string };

/**
 * What HumanProof at `site` says of the code: valid, revoked, or unknown to it. The code is the file's, so it is
 * printed quoted: a newline or terminal escape in it cannot forge a line of the report.
 */
async function statusAtSite(site: string, code: string): Promise<StatusCheck> {
  const { status, body } = await getJson(`${site}${certificateJsonPath(encodeURIComponent(code))}`);
  const shown = JSON.stringify(code);
  if (status === 404) return { ok: false, line: `status: NOT FOUND: HumanProof at ${site} has no certificate ${shown}` };
  if (status !== 200) throw new Error(`${site} answered ${status} when asked for certificate ${shown}`);
  const answer = (body ?? {}) as { status?: unknown; revokedReason?: unknown; revokedAt?: unknown };
  if (answer.status === 'revoked') {
    const reason = typeof answer.revokedReason === 'string' && answer.revokedReason in REVOCATION_TEXT ? ` ${REVOCATION_TEXT[answer.revokedReason as RevocationReason]}` : '';
    const when = typeof answer.revokedAt === 'string' ? ` on ${answer.revokedAt.slice(0, 10)}` : '';
    return { ok: false, line: `status: REVOKED: HumanProof at ${site} says it was revoked${when}.${reason}` };
  }
  if (answer.status === 'valid') return { ok: true, line: `status: valid (HumanProof at ${site} says so)` };
  throw new Error(`${site} did not say whether certificate ${shown} stands`);
}

function parse(argv: string[]) {
  return parseArgs({ args: argv, options: { keys: { type: 'string' }, site: { type: 'string' } }, allowPositionals: true, strict: true });
}

async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [certificatePath, textPath, ...extra] = args.positionals;
  if (!certificatePath || !textPath || extra.length > 0 || args.values.keys === '') {
    console.error(USAGE);
    return 2;
  }
  const namedSite = args.values.site ?? (env.HUMANPROOF_URL || undefined);
  const site = siteAddress(namedSite ?? DEFAULT_SITE);

  const raw = await readFile(certificatePath, 'utf8');
  // A credential (issue 43) names its JSON-LD contexts; a certificate file does not.
  const parsed = parseStrictJson(raw);
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && '@context' in parsed.value) {
    return verifyCredentialFile({
      file: parsed.value as Record<string, unknown>,
      textPath,
      site,
      siteNamed: namedSite !== undefined,
      ...(args.values.keys !== undefined ? { keys: args.values.keys } : {}),
      getJson,
    });
  }
  const read = readCertificateFile(raw);
  if (!read.ok) {
    console.log(`certificate: NOT verified: ${read.message}`);
    return 1;
  }
  const { file } = read;

  const keySource = args.values.keys ?? `${site}${CERTIFICATE_KEYS_PATH}`;
  const keys = await loadKeys(keySource);
  const keyIds = keys.map((k) => k.kid).join(', ') || 'none';
  console.log(`keys: ${keySource} (${args.values.keys ? 'named with --keys' : `HumanProof at ${site}`}; key ids: ${keyIds})`);

  const signature = await checkCertificateSignature(file.certificate, file.signature, file.keyId, keys);
  if (signature === 'verified') console.log(`signature: verified (key ${file.keyId})`);
  else if (signature === 'unknown-key') console.log(`signature: NOT verified (unknown-key): key ${JSON.stringify(file.keyId)} is not among the keys from ${keySource}`);
  else console.log(`signature: NOT verified (${signature})`);

  // The status beside the body is not signed: "revoked" is believed as it is; "valid" only from the site.
  let status: StatusCheck;
  const code = typeof file.certificate.code === 'string' ? file.certificate.code : '';
  if (file.status === 'revoked') status = { ok: false, line: 'status: REVOKED: the file says this certificate was revoked' };
  else if (args.values.keys !== undefined && namedSite === undefined) {
    status = { ok: true, line: 'status: not checked (offline: name the site with --site or HUMANPROOF_URL to ask HumanProof whether it was revoked)' };
  } else if (!code) status = { ok: false, line: 'status: NOT checked: the certificate has no code' };
  else status = await statusAtSite(site, code);
  console.log(status.line);

  const expected = file.certificate.textSha256;
  const text = typeof expected === 'string' ? await compareText(await readFile(textPath, 'utf8'), expected) : 'no-fingerprint';
  console.log(
    {
      matches: 'text: matches the reviewed text',
      'matches-apart-from-spacing': 'text: matches the reviewed text, apart from spacing that copying changes (line ends, no-break spaces)',
      differs: 'text: does NOT match: it differs from the reviewed version',
      'no-fingerprint': 'text: NOT checked: the certificate has no text fingerprint (the delivery was a document)',
    }[text],
  );
  return signature === 'verified' && status.ok && (text === 'matches' || text === 'matches-apart-from-spacing') ? 0 : 1;
}

main(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
