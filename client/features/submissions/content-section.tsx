import { useId, type ReactNode } from 'react';
import { ClipboardPaste, FileUp, TriangleAlert } from 'lucide-react';
import { MAX_WORDS, SUBMISSION_MESSAGES } from '@shared/submission-limits';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Textarea } from '@client/components/ui/input';
import { FieldError, Label } from '@client/components/ui/label';
import { TabList } from '@client/components/ui/tab-list';
import { cn } from '@client/lib/cn';
import type { ExtractedText } from './api/extract-text';
import { FileUpload } from './file-upload';
import type { SubmissionForm } from './form-model';

export type ContentMode = 'paste' | 'upload';
const CONTENT_MODES: readonly ContentMode[] = ['paste', 'upload'];

const TAB =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

const MODE_LABELS: Record<ContentMode, ReactNode> = {
  paste: (
    <>
      <ClipboardPaste className="h-4 w-4" aria-hidden="true" /> Paste text
    </>
  ),
  upload: (
    <>
      <FileUp className="h-4 w-4" aria-hidden="true" /> Upload document
    </>
  ),
};

export function ContentSection({
  form,
  words,
  tooManyCharacters = false,
  supportEmail,
  mode,
  onModeChange,
  fileName,
  onExtracted,
}: {
  form: SubmissionForm;
  words: number;
  /** Over the per-order character cap (a few very long tokens, or padding), whatever the word count. */
  tooManyCharacters?: boolean;
  supportEmail: string;
  mode: ContentMode;
  onModeChange: (mode: ContentMode) => void;
  fileName: string | undefined;
  onExtracted: (result: ExtractedText) => void;
}) {
  const error = form.formState.errors.content?.message;
  const ids = useId();
  const tabId = (tab: ContentMode) => `${ids}-tab-${tab}`;
  const panelId = (tab: ContentMode) => `${ids}-panel-${tab}`;
  // A panel is a tab stop of its own, as WAI-ARIA's tabs pattern has it when a panel does not start with a control:
  // Tab from the tabs reaches it, and brings the whole of it into view above the pinned total bar.
  const panel = (tab: ContentMode) => ({ role: 'tabpanel', id: panelId(tab), 'aria-labelledby': tabId(tab), hidden: mode !== tab, tabIndex: 0 }) as const;
  const tooLong = words > MAX_WORDS;
  return (
    <Card>
      <CardHeader>
        <CardTitle>1. Your content</CardTitle>
        <CardDescription>Paste your text or upload a document. Up to {MAX_WORDS.toLocaleString('en-GB')} words per order.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <TabList
            label="How to add your content"
            tabs={CONTENT_MODES}
            value={mode}
            onChange={onModeChange}
            tabId={tabId}
            panelId={panelId}
            labelOf={(tab) => MODE_LABELS[tab]}
            className="flex gap-1 rounded-lg bg-slate-100 p-1"
            tabClassName={() => TAB}
          />
          <div {...panel('paste')} className="mt-4 flex flex-col gap-1.5">
            {mode === 'paste' ? (
              <>
                <Label htmlFor="content">Your content</Label>
                <Textarea
                  id="content"
                  rows={12}
                  placeholder="Paste the text you want a human to check…"
                  aria-invalid={Boolean(error)}
                  aria-describedby="content-word-count content-error"
                  className="min-h-64 font-[inherit]"
                  {...form.register('content')}
                />
              </>
            ) : null}
          </div>
          <div {...panel('upload')} className="mt-4">
            {mode === 'upload' ? <FileUpload fileName={fileName} previewText={form.watch('content')} onExtracted={onExtracted} /> : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p id="content-word-count" aria-live="polite" className={cn('font-medium', tooLong ? 'text-red-700' : 'text-slate-700')}>
            <span data-testid="word-count">{words.toLocaleString('en-GB')}</span> {words === 1 ? 'word' : 'words'}
            <span className="font-normal text-slate-500"> / {MAX_WORDS.toLocaleString('en-GB')} max</span>
          </p>
        </div>
        <FieldError id="content-error" message={error} />
        {tooManyCharacters && !tooLong ? (
          <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
            <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">Content too long</p>
              <p className="text-sm" data-testid="content-characters-error">
                {SUBMISSION_MESSAGES.contentTooManyCharacters(supportEmail)}
              </p>
            </div>
          </div>
        ) : null}
        {tooLong ? (
          <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
            <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">Content too long</p>
              <p className="text-sm">
                Your content has {words.toLocaleString('en-GB')} words; one order takes up to {MAX_WORDS.toLocaleString('en-GB')}. For
                longer content, please email{' '}
                <a href={`mailto:${supportEmail}`} className="font-medium underline">
                  {supportEmail}
                </a>{' '}
                and we will quote it for you.
              </p>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
