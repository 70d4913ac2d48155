import { readFile } from 'node:fs/promises';
import { parseStrictJson } from '../shared/strict-json';

/** How the verifier reads an address: its status and its body as strict JSON (undefined when it is not). */
export type GetJson = (url: string) => Promise<{ status: number; body: unknown }>;

/**
 * A JSON document the user named: an http(s) address, fetched with `getJson`, or a file. Parsed strictly (a name
 * given twice in one object is refused, decision 053).
 */
export async function readJsonSource(source: string, getJson: GetJson): Promise<unknown> {
  if (/^https?:\/\//i.test(source)) {
    const answer = await getJson(source);
    if (answer.status !== 200) throw new Error(`${source} answered ${answer.status}`);
    return answer.body;
  }
  const parsed = parseStrictJson(await readFile(source, 'utf8'));
  if (!parsed.ok) throw new Error(`${source}: ${parsed.message}`);
  return parsed.value;
}
