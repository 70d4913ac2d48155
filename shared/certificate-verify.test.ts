/** Reading a certificate file and comparing a text (decision 053): the code the verify page and the script share. */
import { describe, expect, it } from 'vitest';
import { normaliseTextForHash } from './certificate.schema';
import { compareText, normaliseCopiedText, readCertificateFile, textSha256 } from './certificate-verify';

const FILE = { certificate: { code: 'HP-1', reviewer: 'Rita R.', effort: { activeMinutes: 5 } }, signature: 'sig', keyId: 'kid', status: 'valid' };

describe('readCertificateFile', () => {
  it('reads a certificate file', () => {
    expect(readCertificateFile(JSON.stringify(FILE))).toEqual({ ok: true, file: FILE });
  });

  it('refuses a file that names a member twice, with a message saying which name', () => {
    const text = JSON.stringify(FILE);
    for (const forged of [
      text.replace('"certificate":{', '"certificate":{"reviewer":"Mallory M.",'),
      text.replace('"certificate":{', '"certificate":{"\\u0072\\u0065viewer":"Mallory M.",'),
      text.replace('"effort":{', '"effort":{"activeMinutes":900,'),
      text.replace('"signature"', '"keyId":"other","signature"'),
    ]) {
      const read = readCertificateFile(forged);
      expect(read.ok, forged).toBe(false);
      expect((read as { message: string }).message).toMatch(/^This file is refused: the name "(reviewer|activeMinutes|keyId)" appears twice in one object \(at character \d+\)\. HumanProof never writes such a file/);
    }
  });

  it('says what is wrong with a file that is not a certificate', () => {
    expect(readCertificateFile('{"certificate":')).toMatchObject({ ok: false, message: expect.stringMatching(/^This is not a certificate file: it is not valid JSON \(the JSON ends too early/) });
    for (const text of ['null', '[]', '{"visibility":"private","status":"valid"}', '{"certificate":[],"signature":"s","keyId":"k"}', '{"certificate":{},"signature":1,"keyId":"k"}']) {
      expect(readCertificateFile(text), text).toMatchObject({ ok: false, message: expect.stringContaining('it has no certificate, signature and keyId') });
    }
  });
});

describe('compareText', () => {
  const DELIVERED = 'The Eiffel Tower was completed in 1889.\nIt stands in Paris, France.';

  it('matches the text as the certificate hashed it (NFC, LF, trimmed): the fingerprint is unchanged', async () => {
    const expected = await textSha256(DELIVERED);
    expect(await compareText(DELIVERED, expected)).toBe('matches');
    expect(await compareText(`  ${DELIVERED.replace('\n', '\r\n')}\r\n`, expected)).toBe('matches');
    expect(await compareText(`${DELIVERED}\t\t`, expected)).toBe('matches');
    // "é" as e + combining acute against the composed "é" the certificate hashed.
    expect(await compareText('Caf\u0065\u0301', await textSha256('Caf\u00e9'))).toBe('matches');
  });

  it('matches a copy whose spaces copying changed, and says it is apart from spacing', async () => {
    const expected = await textSha256(DELIVERED);
    const copies = [
      DELIVERED.replace('in 1889', 'in\u00a01889'), // no-break space
      DELIVERED.replace('Paris, France', 'Paris,\u202fFrance'), // narrow no-break space
      DELIVERED.replace('The Eiffel', 'The\u2009Eiffel'), // thin space
      DELIVERED.replace(' completed', '\u3000completed'), // ideographic space
      DELIVERED.replace('\n', ' \t \n'), // trailing spaces and tabs on a line
      `\u00a0${DELIVERED.replace('\n', '\u00a0\r\n')}\u00a0`,
    ];
    for (const copy of copies) expect(await compareText(copy, expected), JSON.stringify(copy)).toBe('matches-apart-from-spacing');
  });

  it('does not match any other change: a character, a space inside a line, a blank line, a tab inside a line', async () => {
    const expected = await textSha256(DELIVERED);
    for (const changed of [
      DELIVERED.replace('1889', '1898'),
      DELIVERED.replace('in 1889', 'in  1889'),
      DELIVERED.replace('in 1889', 'in1889'),
      DELIVERED.replace('\n', '\n\n'),
      DELIVERED.replace('\n', ' '),
      DELIVERED.replace('in 1889', 'in\t1889'),
      DELIVERED.replace('Tower', 'Tower\u200b'), // a zero-width space is not a space
    ]) {
      expect(await compareText(changed, expected), JSON.stringify(changed)).toBe('differs');
    }
  });

  it('a certificate of a text that itself had no-break spaces still matches its exact copy', async () => {
    const delivered = 'Price:\u00a0£10 \nEnd';
    const expected = await textSha256(delivered);
    expect(await compareText(delivered, expected)).toBe('matches');
    expect(await compareText('Price: £10\nEnd', expected)).toBe('differs');
  });

  it('the copy rule is normaliseTextForHash and more, so either match means the same text apart from spacing', () => {
    const samples = ['a\u00a0b \r\nc\t', ' x ', 'e\u0301\u2003f', ''];
    for (const sample of samples) {
      const copied = normaliseCopiedText(sample);
      expect(normaliseTextForHash(copied)).toBe(copied);
      expect(normaliseCopiedText(normaliseTextForHash(sample))).toBe(copied);
      expect(normaliseCopiedText(copied)).toBe(copied);
    }
  });
});
