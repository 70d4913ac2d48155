// ---------------------------------------------------------------------------------------------
// A strict JSON reader for signed documents (decision 053). JSON.parse keeps the last of two members with the same
// name, so a file can show one value to a person or another program and a different one to a check; RFC 8785
// (with I-JSON, RFC 7493) refuses such a file. This reader follows RFC 8259's grammar and refuses, at any depth:
// a member name given twice (compared after escapes are decoded, so "a" and "\u0061" are the same name), a lone
// UTF-16 surrogate (it becomes U+FFFD in UTF-8, so two different strings could sign as the same bytes), and the NUL
// character (tools that end strings at NUL would read "reviewer\u0000" as "reviewer"). One byte-order mark before
// the JSON is allowed, as RFC 8259 section 8.1 lets a reader do.
// ---------------------------------------------------------------------------------------------

/** `ambiguous`: JSON.parse would read it, but programs may disagree on what it says (a name twice, …). */
export type StrictJsonResult = { ok: true; value: unknown } | { ok: false; message: string; ambiguous: boolean };

/** Deeper than any document we sign by far; keeps a hostile "[[[[…" from exhausting the stack. */
export const STRICT_JSON_MAX_DEPTH = 64;

class StrictJsonError extends Error {
  readonly ambiguous: boolean;
  constructor(message: string, ambiguous: boolean) {
    super(message);
    this.ambiguous = ambiguous;
  }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** A name or string as a person would read it in a message: quoted, with control characters escaped. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  parseDocument(): unknown {
    if (this.text.charCodeAt(0) === 0xfeff) this.at = 1;
    this.skipSpace();
    const value = this.value(1);
    this.skipSpace();
    if (this.at < this.text.length) this.fail('there is more after the JSON value');
    return value;
  }

  private fail(problem: string, ambiguous = false): never {
    throw new StrictJsonError(`${problem} (at character ${this.at + 1})`, ambiguous);
  }

  private skipSpace(): void {
    while (this.at < this.text.length) {
      const c = this.text[this.at];
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return;
      this.at += 1;
    }
  }

  private value(depth: number): unknown {
    if (depth > STRICT_JSON_MAX_DEPTH) this.fail(`it is nested more than ${STRICT_JSON_MAX_DEPTH} levels deep`);
    const c = this.text[this.at];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, literal] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return literal;
      }
    }
    return this.fail(c === undefined ? 'the JSON ends too early' : `unexpected ${quoted(c)}`);
  }

  private object(depth: number): Record<string, unknown> {
    this.at += 1;
    const entries: [string, unknown][] = [];
    const names = new Set<string>();
    this.skipSpace();
    if (this.text[this.at] === '}') {
      this.at += 1;
      return {};
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] !== '"') this.fail('a member name in quotes was expected');
      const nameAt = this.at;
      const name = this.string();
      if (names.has(name)) {
        this.at = nameAt;
        this.fail(`the name ${quoted(name)} appears twice in one object`, true);
      }
      names.add(name);
      this.skipSpace();
      if (this.text[this.at] !== ':') this.fail('":" was expected after a member name');
      this.at += 1;
      this.skipSpace();
      entries.push([name, this.value(depth + 1)]);
      this.skipSpace();
      const next = this.text[this.at];
      this.at += 1;
      // fromEntries defines own properties, so a member named "__proto__" stays a member, as with JSON.parse.
      if (next === '}') return Object.fromEntries(entries) as Record<string, unknown>;
      if (next !== ',') {
        this.at -= 1;
        this.fail('"," or "}" was expected');
      }
    }
  }

  private array(depth: number): unknown[] {
    this.at += 1;
    const items: unknown[] = [];
    this.skipSpace();
    if (this.text[this.at] === ']') {
      this.at += 1;
      return items;
    }
    for (;;) {
      this.skipSpace();
      items.push(this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.at];
      this.at += 1;
      if (next === ']') return items;
      if (next !== ',') {
        this.at -= 1;
        this.fail('"," or "]" was expected');
      }
    }
  }

  private number(): number {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail('a number was expected');
    this.at += match[0].length;
    return Number(match[0]);
  }

  /** A string's value with its escapes decoded; the reader stands after its closing quote. */
  private string(): string {
    const start = this.at;
    this.at += 1;
    let out = '';
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined) this.fail('a string is not closed');
      if (c === '"') break;
      if (c < ' ') this.fail('a control character must be escaped inside a string');
      if (c === '\\') {
        const e = this.text[this.at + 1];
        if (e === 'u') {
          const hex = this.text.slice(this.at + 2, this.at + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('"\\u" needs four hexadecimal digits');
          out += String.fromCharCode(parseInt(hex, 16));
          this.at += 6;
        } else if (e !== undefined && e in ESCAPES) {
          out += ESCAPES[e];
          this.at += 2;
        } else {
          this.fail(`unknown escape "\\${e ?? ''}"`);
        }
      } else {
        out += c;
        this.at += 1;
      }
    }
    this.at += 1;
    if (out.includes('\0')) {
      this.at = start;
      this.fail(`the string ${quoted(out)} contains a NUL character`, true);
    }
    if (LONE_SURROGATE.test(out)) {
      this.at = start;
      this.fail(`the string ${quoted(out)} contains half of a UTF-16 surrogate pair`, true);
    }
    return out;
  }
}

/** Reads `text` as JSON, refusing duplicate names, lone surrogates and NUL; the message says what and where. */
export function parseStrictJson(text: string): StrictJsonResult {
  try {
    return { ok: true, value: new Reader(text).parseDocument() };
  } catch (error) {
    if (error instanceof StrictJsonError) return { ok: false, message: error.message, ambiguous: error.ambiguous };
    throw error;
  }
}
