import { readFile, writeFile } from 'node:fs/promises';
import type { Context } from './context';
import { failed, misuse } from './errors';

/** The text of `<file|->`: a file, or standard input for `-`. */
export async function readTextArgument(ctx: Context, source: string | undefined, usage: string): Promise<string> {
  if (!source) throw misuse(`Name a file, or - for standard input.\n${usage}`);
  if (source === '-') {
    if (ctx.stdin.isTTY) throw misuse('Standard input is a terminal: pipe the text in, or name a file.');
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    throw failed(`Could not read ${source}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

export async function writeOut(path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeFile(path, data);
  } catch (error) {
    throw failed(`Could not write ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}
