import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@client/components/ui/skeleton';
import { usePageMeta } from '@client/lib/page-meta';
import { runPostLoginFlow } from './post-login-flow';

export default function AuthSuccessPage() {
  usePageMeta();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    void queryClient.invalidateQueries();
    void runPostLoginFlow().then((to) => navigate(to, { replace: true }));
  }, [navigate, queryClient]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <Spinner className="h-10 w-10" label="Processing your submission" />
      <h1 className="text-2xl font-bold">Processing your submission</h1>
      <p className="text-slate-600">Please wait while we set up your content review...</p>
    </div>
  );
}
