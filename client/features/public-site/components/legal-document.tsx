import type { ReactNode } from 'react';

export const LEGAL_LAST_UPDATED = 'June 24, 2025';
export const LEGAL_LAST_UPDATED_ISO = '2025-06-24';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: the title, the date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
  updated = { label: LEGAL_LAST_UPDATED, iso: LEGAL_LAST_UPDATED_ISO },
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** When the page last changed (the legal pages share one date). */
  updated?: { label: string; iso: string };
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-sm text-slate-600">
        Last updated <time dateTime={updated.iso}>{updated.label}</time>
      </p>
      <div className="mt-6 space-y-4 text-base leading-relaxed text-slate-700">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
        <p className="text-sm font-semibold text-slate-900">Contents</p>
        <ol className="mt-3 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-accent underline-offset-4 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-20">
          <h2 id={`${s.id}-title`} className="text-xl font-semibold text-slate-900">
            {i + 1}. {s.title}
          </h2>
          <div className="mt-3 space-y-3 text-base leading-relaxed text-slate-700 [&_li]:mt-1 [&_ul]:list-disc [&_ul]:pl-6">
            {s.body}
          </div>
        </section>
      ))}
    </div>
  );
}

/** The support contact block both legal pages end with. */
export function LegalContact({ email, phone, address }: { email: string; phone: string; address: string }) {
  return (
    <ul>
      <li>
        E-mail:{' '}
        <a href={`mailto:${email}`} className="break-all text-accent underline underline-offset-4">
          {email}
        </a>
      </li>
      <li>
        Phone:{' '}
        <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className="text-accent underline underline-offset-4">
          {phone}
        </a>
      </li>
      <li>Post: {address}</li>
    </ul>
  );
}
