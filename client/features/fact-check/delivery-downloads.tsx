import { useState } from 'react';
import { Download } from 'lucide-react';
import { deliveryFileNames, deliveryPaths } from '@shared/fact-check.schema';
import { Button } from '@client/components/ui/button';
import { useDownloadFile } from './api/download-file';

type Kind = 'text' | 'word' | 'report';
const LABELS: Record<Kind, string> = {
  text: 'Download text',
  word: 'Download Word (tracked changes)',
  report: 'Download fact-check report',
};

/**
 * The three files of a delivery: the Word file with tracked changes (the main button), the clean text, and the report
 * as PDF.
 */
export function DeliveryDownloads({
  submissionId,
  hasText,
  hasReviewedText,
}: {
  submissionId: string;
  /** Anything stored as the review (the text file); */
  hasText: boolean;
  /** the reviewer's own text, which the Word file compares with the original. */
  hasReviewedText: boolean;
}) {
  const [busy, setBusy] = useState<Kind | null>(null);
  const file = useDownloadFile();
  const names = deliveryFileNames(submissionId);
  const paths = deliveryPaths(submissionId);
  const kinds = (['word', 'text', 'report'] as const).filter((k) => (k === 'text' ? hasText : k === 'word' ? hasReviewedText : true));

  const download = async (kind: Kind) => {
    setBusy(kind);
    // A failure is told by the data layer ("Download failed", or sign-in again after a 401).
    await file.mutateAsync({ url: paths[kind], fileName: names[kind] }).catch(() => undefined);
    setBusy(null);
  };

  return (
    <div className="flex flex-wrap gap-2">
      {kinds.map((kind) => (
        <Button
          key={kind}
          type="button"
          variant={kind === 'word' ? 'primary' : 'outline'}
          size="sm"
          disabled={busy !== null}
          onClick={() => void download(kind)}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          {LABELS[kind]}
        </Button>
      ))}
    </div>
  );
}
