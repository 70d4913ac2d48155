import { FormAlert } from '@client/components/ui/form-field';
import { useRef, useState, type DragEvent } from 'react';
import { FileText, Loader2, Upload } from 'lucide-react';
import { CONTENT_PREVIEW_UPLOAD } from '@shared/submission-limits';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/cn';
import { ACCEPT_ATTRIBUTE, checkUploadFile, extractText, type ExtractedText } from './api/extract-text';

/** Drop zone + file picker; the extracted text goes to `onExtracted`, a failure leaves the form alone. */
export function FileUpload({
  fileName,
  previewText,
  onExtracted,
}: {
  fileName: string | undefined;
  previewText: string;
  onExtracted: (result: ExtractedText) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const handleFile = async (file: File | undefined) => {
    if (!file || busy) return;
    const problem = checkUploadFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await extractText(file);
      onExtracted(result);
      toast({ title: 'File uploaded', description: `${result.fileName}: ${result.wordCount.toLocaleString('en-GB')} words added to your content.` });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setError(message);
      toast({ title: 'Upload failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void handleFile(event.dataTransfer.files[0]);
  };

  const preview = previewText.slice(0, CONTENT_PREVIEW_UPLOAD);
  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
          dragging ? 'border-emerald-600 bg-emerald-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        {busy ? (
          <Loader2 className="h-8 w-8 animate-spin text-emerald-700" aria-hidden="true" />
        ) : (
          <Upload className="h-8 w-8 text-slate-500" aria-hidden="true" />
        )}
        <div>
          <p className="font-medium text-slate-900">{busy ? 'Reading your file…' : 'Drop a file here or choose one'}</p>
          <p className="text-sm text-slate-600">.txt, .docx or .pdf, up to 10 MB. We extract the text for you.</p>
        </div>
        <input
          ref={input}
          id="content-file"
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="peer sr-only"
          aria-describedby={error ? 'content-file-error' : undefined}
          onChange={(event) => void handleFile(event.target.files?.[0])}
          disabled={busy}
        />
        <Button asChild variant="outline" aria-disabled={busy}>
          <label htmlFor="content-file" className={cn(
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-600',
              busy && 'pointer-events-none opacity-60',
            )}>
            Choose file
          </label>
        </Button>
      </div>
      {error ? (
        <FormAlert id="content-file-error">{error}</FormAlert>
      ) : null}
      {fileName && preview ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <FileText className="h-4 w-4 text-emerald-700" aria-hidden="true" />
            {fileName}
          </p>
          <p className="mt-1 text-xs font-medium tracking-wide text-slate-500 uppercase">Preview</p>
          <p data-testid="upload-preview" className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700">
            {preview}
            {previewText.length > CONTENT_PREVIEW_UPLOAD ? '…' : ''}
          </p>
          <p className="mt-2 text-xs text-slate-600">Switch to “Paste text” to edit the extracted text.</p>
        </div>
      ) : null}
    </div>
  );
}
