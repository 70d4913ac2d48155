import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { and, asc, gt, sql } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { toCsv, type CsvCell } from '../../../shared/csv';
import { BILLING_TIME_ZONE, formatDocumentNumber } from '../../../shared/billing-documents.schema';
import type { Executor } from '../../db/client';
import { billingDocuments, type BillingDocumentRow } from '../../db/schema';
import { referredDocuments } from './documents';
import { buildBillingDocumentPdf, type ReferredDocument, type Supplier } from './render-pdf';

/** Documents read from the database per round: a month of thousands is never held in memory at once. */
const PAGE = 200;

const CSV_HEADER = [
  'number',
  'kind',
  'date',
  'issued_at',
  'buyer',
  'email',
  'organisation',
  'purchase_order',
  'net_gbp',
  'vat_gbp',
  'gross_gbp',
  'vat_rate_percent',
  'refers_to',
] as const;

const pounds = (pence: number) => (pence / 100).toFixed(2);

let londonDay: Intl.DateTimeFormat | undefined;
/** YYYY-MM-DD in London. */
const dayOf = (at: Date) => (londonDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: BILLING_TIME_ZONE })).format(at);

/** One CSV row; a credit note's amounts are negative, so a column's sum is the month's net. */
function csvRow(row: BillingDocumentRow, refersTo: ReferredDocument | undefined): CsvCell[] {
  const sign = row.kind === 'credit-note' ? -1 : 1;
  return [
    formatDocumentNumber(row.number),
    row.kind,
    dayOf(row.issuedAt),
    row.issuedAt.toISOString(),
    row.buyer.name,
    row.buyer.email,
    row.buyer.organisation ?? '',
    row.buyer.purchaseOrderReference,
    pounds(sign * row.netPence),
    pounds(sign * row.vatPence),
    pounds(sign * row.grossPence),
    (row.vatRateBasisPoints / 100).toFixed(2),
    refersTo ? formatDocumentNumber(refersTo.number) : '',
  ];
}

/**
 * Every document issued in the London calendar month `month` (YYYY-MM), oldest number first, a page at a time, with
 * the documents its credit notes refer to.
 */
async function* documentsOfMonth(db: Executor, month: string) {
  const lo = sql`(${`${month}-01`}::date::timestamp at time zone ${BILLING_TIME_ZONE})`;
  const hi = sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${BILLING_TIME_ZONE})`;
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(billingDocuments)
      .where(and(sql`${billingDocuments.issuedAt} >= ${lo}`, sql`${billingDocuments.issuedAt} < ${hi}`, gt(billingDocuments.number, after)))
      .orderBy(asc(billingDocuments.number))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield { rows, referred: await referredDocuments(db, rows) };
    after = rows[rows.length - 1]!.number;
    if (rows.length < PAGE) return;
  }
}

/**
 * The month's finance export as a zip, streamed (decision 044): each document's PDF (stored, as PDFs are already
 * compressed) as it is rendered, then one CSV of them all. The next PDF is rendered only once the client has taken
 * the bytes so far, so memory stays flat however many documents the month holds.
 */
export function monthExportZip(db: Executor, month: string, supplier: Supplier, onError: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const mtime = new Date();
  void (async () => {
    const csvRows: CsvCell[][] = [];
    for await (const { rows, referred } of documentsOfMonth(db, month)) {
      for (const row of rows) {
        if (out.destroyed) return;
        const refersTo = row.refersToId ? referred.get(row.refersToId) : undefined;
        const pdf = await buildBillingDocumentPdf(row, supplier, refersTo ?? null);
        const entry = new ZipPassThrough(`${formatDocumentNumber(row.number)}.pdf`);
        entry.mtime = row.issuedAt;
        zip.add(entry);
        entry.push(pdf, true);
        csvRows.push(csvRow(row, refersTo));
        // Wait for the client (or for it to go away: a closed stream never drains).
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
    }
    const csv = new ZipDeflate(`billing-documents-${month}.csv`, { level: 6 });
    csv.mtime = mtime;
    zip.add(csv);
    csv.push(Buffer.from(toCsv(CSV_HEADER, csvRows), 'utf8'), true);
    zip.end();
  })().catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
