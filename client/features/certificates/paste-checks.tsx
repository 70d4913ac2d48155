import { useState, type ReactNode } from 'react';
import { CERTIFICATE_MESSAGES, type CertificateKey } from '@shared/certificate.schema';
import {
  checkCertificateSignature,
  compareText,
  COPIED_TEXT_RULE,
  MATCHES_APART_FROM_SPACING,
  readCertificateFile,
  type TextComparison,
} from '@shared/certificate-verify';
import { Button } from '@client/components/ui/button';

/** A labelled box to paste something into, checked in this browser on submit; the outcome is announced below it. */
function PasteCheckForm({
  id,
  label,
  help,
  rows,
  textClassName,
  value,
  onChange,
  onEdit,
  onCheck,
  button,
  statusClassName,
  children,
}: {
  id: string;
  label: string;
  help: ReactNode;
  rows: number;
  textClassName: string;
  value: string;
  onChange: (value: string) => void;
  /** Called on every edit: an outcome shown for the previous value no longer holds. */
  onEdit: () => void;
  onCheck: () => Promise<void>;
  button: ReactNode;
  statusClassName: string;
  children: ReactNode;
}) {
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void onCheck();
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <p id={`${id}-help`} className="text-sm text-slate-600">
        {help}
      </p>
      <textarea
        id={id}
        aria-describedby={`${id}-help`}
        rows={rows}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          onEdit();
        }}
        className={`rounded-md border border-slate-300 p-2 ${textClassName}`}
      />
      <div>{button}</div>
      <p role="status" aria-live="polite" className={statusClassName}>
        {children}
      </p>
    </form>
  );
}

/**
 * "Check a text": hashed here with Web Crypto; the text never leaves the browser. What copying changes (line ends,
 * the kind of space) does not count, and the page says so (decision 053).
 */
export function CheckText({ expected }: { expected: string | null }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<TextComparison | 'empty' | null>(null);
  if (expected === null) return <p className="text-sm text-slate-600">This delivery was a document, so there is no text to compare.</p>;
  const check = async () => {
    if (text.trim() === '') {
      setResult('empty');
      return;
    }
    setResult(await compareText(text, expected));
  };
  return (
    <PasteCheckForm
      id="check-text"
      label="Check a text"
      help={`Paste the text you were given. It is compared in this browser and never sent anywhere. ${COPIED_TEXT_RULE}`}
      rows={6}
      textClassName="text-sm"
      value={text}
      onChange={setText}
      onEdit={() => setResult(null)}
      onCheck={check}
      button={<Button type="submit">Check text</Button>}
      statusClassName="text-sm font-semibold"
    >
      {result === 'matches' ? <span className="text-emerald-800">{CERTIFICATE_MESSAGES.matches}</span> : null}
      {result === 'matches-apart-from-spacing' ? <span className="text-emerald-800">{MATCHES_APART_FROM_SPACING}</span> : null}
      {result === 'differs' ? <span className="text-red-800">{CERTIFICATE_MESSAGES.differs}</span> : null}
      {result === 'empty' ? <span className="text-red-800">Paste the text to check first.</span> : null}
    </PasteCheckForm>
  );
}

/**
 * "Check a certificate file": a copy of the certificate JSON (from a publisher, or the JSON link) is checked here
 * against the published keys, so a file with any changed field is caught. The JSON is read strictly: a file that
 * names a member twice is refused (decision 053). A revoked certificate's file is not "Verified", signed or not.
 */
export function CheckFile({ code, keys, revoked }: { code: string; keys: readonly CertificateKey[] | undefined; revoked: boolean }) {
  const [json, setJson] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const check = async () => {
    const read = readCertificateFile(json);
    if (!read.ok) {
      setResult({ ok: false, text: read.message });
      return;
    }
    const { file } = read;
    if (file.certificate.code !== code) {
      setResult({ ok: false, text: `This file is for another certificate (${String(file.certificate.code)}).` });
      return;
    }
    const outcome = await checkCertificateSignature(file.certificate, file.signature, file.keyId, keys ?? []);
    if (outcome !== 'verified') setResult({ ok: false, text: 'Not verified: this file was changed, or HumanProof did not sign it.' });
    else if (revoked) setResult({ ok: false, text: 'Revoked: HumanProof signed this file, but the certificate was revoked and no longer stands.' });
    else setResult({ ok: true, text: 'Verified: this file is exactly what HumanProof signed.' });
  };
  return (
    <PasteCheckForm
      id="check-file"
      label="Check a certificate file"
      help={<>Paste a copy of this certificate&rsquo;s JSON you were given; its signature is checked in this browser.</>}
      rows={4}
      textClassName="font-mono text-xs"
      value={json}
      onChange={setJson}
      onEdit={() => setResult(null)}
      onCheck={check}
      button={
        <Button type="submit" variant="outline" disabled={json.trim() === ''}>
          Check file
        </Button>
      }
      statusClassName={result?.ok ? 'text-sm font-semibold text-emerald-800' : 'text-sm font-semibold text-red-800'}
    >
      {result?.text}
    </PasteCheckForm>
  );
}
