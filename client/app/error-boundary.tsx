import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { BRAND } from '@shared/brand';
import { ApiError } from '@client/lib/api';

interface State {
  error: unknown;
}

/**
 * The last resort when a page fails to render (a bug, or a page's code that cannot load after a deploy): a clear
 * page instead of a blank screen, with a reload, and the request's reference when the failure came from the
 * server, so the customer can quote it to support (decision 028).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const reference = error instanceof ApiError ? error.requestId : undefined;
    return (
      <div role="alert" className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
        <AlertTriangle className="h-10 w-10 text-amber-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="text-slate-600">This page could not be shown. Reloading usually helps; what you entered before is kept where we can keep it.</p>
        {reference ? (
          <p className="text-sm text-slate-600">
            If it keeps happening, contact {BRAND.name} support and quote reference <code className="rounded bg-slate-100 px-1 font-mono">{reference}</code>.
          </p>
        ) : null}
        <button type="button" className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}
