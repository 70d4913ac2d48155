import { useState } from 'react';
import { ArrowLeft, Keyboard, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { AdminSubmission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/skeleton';
import { StatusBadge } from '@client/components/ui/status-badge';
import { useToastClearance } from '@client/components/ui/toast-clearance';
import { ApiError } from '@client/lib/api';
import { usePageMeta } from '@client/lib/page-meta';
import { useAdminSubmission } from './api/order-claim';
import { ClaimBar } from './claim-bar';
import { SignOffPanel } from '@client/features/sign-offs';
import { WorkspaceMessages } from './workspace-messages';
import { DueDate } from './due-date';
import { KeptText, useKeptText } from './kept-text';
import { AfterPaymentPanel } from './refund-form';
import { WorkspaceReviewForm } from './review/workspace-review-form';
import { CustomerInstructions, StatusHistory, SubmissionDetails } from './submission-dialog';
import { AdminGate } from './unauthorized';
import { useWorkspaceKey } from './workspace-keys';
import { isKey, SHORTCUT_GROUPS, WORKSPACE_KEYS } from './workspace-shortcuts';
import { isStaff } from '@shared/auth.schema';

/** Every key of the workspace, from the one list its handlers read (workspace-shortcuts.ts). */
function ShortcutSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Keyboard shortcuts" description="In the review workspace, when not typing (⌘ instead of Ctrl on a Mac).">
        <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
          {SHORTCUT_GROUPS.map(({ group, shortcuts }) => (
            <section key={group} className="flex flex-col gap-1.5">
              <h3 className="text-sm font-semibold text-slate-900">{group}</h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
                {shortcuts.map((s) => (
                  <div key={s.label} className="contents">
                    <dt>
                      <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">{s.label}</kbd>
                    </dt>
                    <dd>{s.does}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** "?" opens the sheet, unless the reviewer is typing (a question mark in the text is text). */
function useShortcutSheetKey(toggle: () => void) {
  // In a dialog too: ? closes the sheet it opened.
  useWorkspaceKey(
    (event) => {
      if (!isKey('sheet', event)) return false;
      toggle();
      return true;
    },
    { dialogs: false },
  );
}

function Workspace({ submission: s, isAdmin }: { submission: AdminSubmission; isAdmin: boolean }) {
  const [, navigate] = useLocation();
  const [panelOpen, setPanelOpen] = useState(true);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [actionsSlot, setActionsSlot] = useState<HTMLDivElement | null>(null);
  useToastClearance(actionsSlot);
  useShortcutSheetKey(() => setSheetOpen((open) => !open));
  // After a conflict's Reload: a fresh form on the latest order, and the text the old form had not saved.
  const keptText = useKeptText();
  return (
    <div className="flex flex-col">
      {/*
        The one sticky bar (issue 42): the staff header above it scrolls away, so nothing slides over it. It stays one
        or two short lines: the claim's reassign list lives in the side panel.
      */}
      <div
        data-testid="workspace-toolbar"
        className="sticky top-0 z-30 flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-4 py-1.5"
      >
        <Link href="/admin" className="inline-flex items-center gap-1 text-sm text-slate-700 hover:text-slate-900">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Queue
        </Link>
        <h1 className="min-w-0 max-w-[24rem] flex-1 truncate text-base font-semibold" title={s.title}>
          <span className="font-mono">{s.id}</span> <span className="text-slate-600">· {s.title}</span>
        </h1>
        <StatusBadge status={s.status} />
        <span className="text-sm whitespace-nowrap text-slate-700">
          Due <DueDate submission={s} />
        </span>
        <ClaimBar submission={s} part="toolbar" />
        <span className="flex-1" />
        <Button type="button" variant="ghost" size="sm" onClick={() => setSheetOpen(true)} aria-keyshortcuts={WORKSPACE_KEYS.sheet.label}>
          <Keyboard className="h-4 w-4" aria-hidden="true" /> Shortcuts ({WORKSPACE_KEYS.sheet.label})
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={panelOpen}
          aria-controls="workspace-panel"
          onClick={() => setPanelOpen((open) => !open)}
        >
          {panelOpen ? <PanelRightClose className="h-4 w-4" aria-hidden="true" /> : <PanelRightOpen className="h-4 w-4" aria-hidden="true" />}
          {panelOpen ? 'Hide details' : 'Show details'}
        </Button>
        {/* Save Draft and Complete Review, pinned in the toolbar wherever the page is scrolled. */}
        <div ref={setActionsSlot} />
      </div>
      <div className="flex flex-1 flex-col gap-6 px-4 py-3">
        {/* The layout's <main> holds the page: this is a region of it, so the page keeps one main landmark. */}
        <section className="flex min-w-0 flex-col gap-3" aria-label="Review text">
          <KeptText kept={keptText.kept} onDismiss={keptText.dismiss} />
          <SignOffPanel submission={s} as="h2" />
          <WorkspaceReviewForm
            key={keptText.formKey}
            submission={s}
            actionsSlot={actionsSlot}
            onCompleted={() => navigate('/admin')}
            onReload={(_latest, unsaved) => keptText.keep(unsaved)}
          />
        </section>
        {panelOpen ? (
          <aside id="workspace-panel" className="grid min-w-0 grid-cols-1 gap-5 border-t border-slate-200 pt-4 md:grid-cols-2 xl:grid-cols-3 [&>*]:min-w-0" aria-label="Order details">
            {isAdmin ? <ClaimBar submission={s} part="reassign" /> : null}
            <SubmissionDetails submission={s} compact />
            <CustomerInstructions submission={s} as="h2" />
            <WorkspaceMessages submissionId={s.id} />
            <AfterPaymentPanel submission={s} open showMoney={isAdmin} />
            <section className="flex flex-col gap-2">
              <h2 className="text-sm font-semibold">Status history</h2>
              <StatusHistory id={s.id} />
            </section>
          </aside>
        ) : null}
      </div>
      <ShortcutSheet open={sheetOpen} onOpenChange={setSheetOpen} />
    </div>
  );
}

function WorkspaceLoader({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const order = useAdminSubmission(id);
  if (order.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{missing ? 'Order not found' : 'The order could not be loaded'}</h1>
        <p className="mt-2 text-slate-700">{missing ? `No order has the id ${id}.` : 'Please try again in a moment.'}</p>
        <p className="mt-6">
          <Link href="/admin" className="text-emerald-800 underline">
            Back to the queue
          </Link>
        </p>
      </div>
    );
  }
  return <Workspace submission={order.data} isAdmin={isAdmin} />;
}

/** /admin/orders/:id: the reviewer's full-page workspace (issue 23). */
export default function WorkspacePage({ id }: { id: string }) {
  usePageMeta(`Review ${id}`);
  let orderId = id;
  try {
    orderId = decodeURIComponent(id);
  } catch {
    // A malformed %-escape: the loader asks for it as it is and shows "Order not found".
  }
  return <AdminGate allowed={isStaff}>{(user) => <WorkspaceLoader id={orderId} isAdmin={user.isAdmin} />}</AdminGate>;
}
