import { useId, useRef, useState, type ChangeEvent } from 'react';
import { FileText, Trash2, Upload } from 'lucide-react';
import { MAX_REVIEW_DOCUMENTS, REVIEW_DOCUMENT_ACCEPT, type ReviewDocument } from '@shared/review.schema';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { checkFile, useUploadReviewDocument } from './api/upload-document';

interface InFlight {
  key: string;
  name: string;
  progress: number;
}

/** Upload control of the review dialog: up to 5 documents, a progress bar per file. */
export function DocumentUploader({
  submissionId,
  documents,
  onChange,
  disabled,
}: {
  submissionId: string;
  documents: ReviewDocument[];
  onChange: (update: (current: ReviewDocument[]) => ReviewDocument[]) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const upload = useUploadReviewDocument(submissionId);
  const slots = MAX_REVIEW_DOCUMENTS - documents.length - inFlight.length;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    if (files.length > slots) {
      toast({
        title: 'Too many documents',
        description: `A review can have at most ${MAX_REVIEW_DOCUMENTS} documents.`,
        variant: 'destructive',
      });
      return;
    }
    for (const file of files) {
      const problem = checkFile(file);
      if (problem) {
        toast({ title: 'Upload failed', description: `${file.name}: ${problem}`, variant: 'destructive' });
        return;
      }
    }
    const batch = files.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}` }));
    setInFlight((current) => [...current, ...batch.map((b) => ({ key: b.key, name: b.file.name, progress: 0 }))]);
    const results = await Promise.allSettled(
      batch.map(async ({ file, key }) => {
        try {
          const doc = await upload.mutateAsync({
            file,
            onProgress: (progress) => setInFlight((current) => current.map((f) => (f.key === key ? { ...f, progress } : f))),
          });
          onChange((current) => [...current, doc]);
          return doc;
        } finally {
          setInFlight((current) => current.filter((f) => f.key !== key));
        }
      }),
    );
    const uploaded = results.filter((r) => r.status === 'fulfilled').length;
    // A failed upload has been told by the data layer ("Upload failed", or sign-in again after a 401).
    if (results.some((r) => r.status === 'rejected')) return;
    toast({
      title: 'Document Uploaded',
      description: `${uploaded} ${uploaded === 1 ? 'document' : 'documents'} uploaded (${documents.length + uploaded} of ${MAX_REVIEW_DOCUMENTS}).`,
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={REVIEW_DOCUMENT_ACCEPT}
          className="sr-only"
          onChange={(e) => void onFiles(e)}
          disabled={disabled || slots <= 0}
          aria-label="Upload review documents"
        />
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={disabled || slots <= 0}>
          <Upload className="h-4 w-4" aria-hidden="true" /> Upload documents
        </Button>
        <span className="text-xs text-slate-600">
          PDF, DOC, DOCX, TXT, RTF, ODT or MD; up to {MAX_REVIEW_DOCUMENTS} files of 50 MB each.
        </span>
      </div>
      {inFlight.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Uploads in progress">
          {inFlight.map((f) => (
            <li key={f.key} className="flex flex-col gap-1 text-sm">
              <span className="truncate">{f.name}</span>
              <progress
                className="h-2 w-full overflow-hidden rounded accent-emerald-700"
                max={100}
                value={Math.round(f.progress * 100)}
                aria-label={`Uploading ${f.name}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {documents.length > 0 ? (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Uploaded documents">
          {documents.map((doc) => (
            <li key={doc.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <a href={doc.url} className="flex min-w-0 items-center gap-2 text-emerald-800 hover:underline">
                <FileText className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{doc.fileName}</span>
              </a>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onChange((current) => current.filter((d) => d.id !== doc.id))}
                aria-label={`Remove ${doc.fileName}`}
                disabled={disabled}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No documents uploaded yet.</p>
      )}
    </div>
  );
}
