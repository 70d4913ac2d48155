import { useState } from 'react';
import { Download } from 'lucide-react';
import { deliveryFileNames, deliveryPaths } from '@shared/fact-check.schema';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { downloadFile } from './download-file';

type Kind = 'text' | 'word' | 'report';
const LABELS: Record<Kind, string> = {
  text: 'Download text',
  word: 'Download Word (tracked changes)',
  report: 'Download fact-check report',
};

/** The three files of a delivery: the clean text, the Word file with tracked changes, and the report as PDF. */
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
  const names = deliveryFileNames(submissionId);
  const paths = deliveryPaths(submissionId);
  const kinds = (['text', 'word', 'report'] as const).filter((k) => (k === 'text' ? hasText : k === 'word' ? hasReviewedText : true));

  const download = async (kind: Kind) => {
    setBusy(kind);
    try {
      await downloadFile(paths[kind], names[kind]);
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      toast({ title: 'Download failed', description: message ?? 'Please try again in a moment.', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {kinds.map((kind) => (
        <Button key={kind} type="button" variant="outline" size="sm" disabled={busy !== null} onClick={() => void download(kind)}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {LABELS[kind]}
        </Button>
      ))}
    </div>
  );
}
