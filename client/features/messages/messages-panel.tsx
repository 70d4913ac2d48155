import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isStaff } from '@shared/auth.schema';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Paperclip, RefreshCw, Send } from 'lucide-react';
import { MAX_MESSAGE_CHARACTERS, type Message } from '@shared/message.schema';
import { Button } from '@client/components/ui/button';
import { Textarea } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/lib/current-user';
import { cn } from '@client/lib/cn';
import { formatDateTime, formatMessageTime } from '@client/lib/format';
import { queryKeys } from '@client/lib/query-keys';
import { useThread } from './api/get-thread';
import { sendLimitMessage, useSendMessage } from './api/send-message';
import { canSendMessage, messageAuthorLabel } from './message-rules';

function ThreadSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <Skeleton className="h-14 w-3/4" />
      <Skeleton className="ml-auto h-14 w-2/3" />
      <Skeleton className="h-14 w-1/2" />
    </div>
  );
}

function MessageBubble({ message, viewerIsAdmin, isNew }: { message: Message; viewerIsAdmin: boolean; isNew: boolean }) {
  const mine = message.isFromAdmin === viewerIsAdmin && !message.authorName;
  return (
    <li className={cn('flex max-w-[85%] flex-col gap-1', mine ? 'items-end self-end' : 'items-start self-start')}>
      <div className="flex items-baseline gap-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{messageAuthorLabel(message.isFromAdmin, viewerIsAdmin, message.authorName)}</span>
        <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
          {formatMessageTime(message.createdAt)}
        </time>
        {isNew ? <span className="rounded bg-amber-100 px-1.5 font-semibold text-amber-900">New</span> : null}
      </div>
      <p
        className={cn(
          'rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
          mine ? 'bg-ink text-white' : 'border border-slate-200 bg-slate-50 text-slate-900',
        )}
      >
        {message.content}
      </p>
      {message.attachmentUrl ? (
        <a href={message.attachmentUrl} className="text-accent text-xs underline" target="_blank" rel="noreferrer">
          Attachment
        </a>
      ) : null}
    </li>
  );
}

/** One submission's conversation between its customer and the review team (customers and admins alike). */
export function MessagesPanel({ submissionId }: { submissionId: string }) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const viewerIsAdmin = isStaff(user);
  const [text, setText] = useState('');
  const scroller = useRef<HTMLDivElement>(null);

  const thread = useThread(submissionId);
  // A message is new when the read that brought it was the reader's first sight of it; it stays marked while the
  // thread is open, through its refetches (issue 42).
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const fresh = (thread.data ?? []).filter((m) => m.unread).map((m) => m.id);
    if (fresh.length > 0) setNewIds((ids) => new Set([...ids, ...fresh]));
  }, [thread.data]);

  // Reading a thread marks the team's messages read, so the unread counter must follow.
  useEffect(() => {
    if (thread.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: queryKeys.messages.recent });
  }, [thread.dataUpdatedAt, queryClient]);

  const count = thread.data?.length ?? 0;
  // The latest message in view by scrolling the thread's own box, never the page (the workspace's side panel holds
  // the thread below the fold: scrollIntoView moved the whole workspace on load, issue 42).
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [count]);

  const send = useSendMessage(submissionId, viewerIsAdmin);

  const sendable = canSendMessage(text) && !send.isPending;
  const submit = () => {
    if (!sendable) return;
    send.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const over = text.length > MAX_MESSAGE_CHARACTERS;
  const counterId = `message-counter-${submissionId}`;
  const limitId = `message-limit-${submissionId}`;
  const limitReached = sendLimitMessage(send.error);

  return (
    <section aria-label="Messages" className="flex flex-col gap-4">
      <div ref={scroller} className="max-h-[45vh] min-h-40 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3">
        {thread.isLoading ? (
          <ThreadSkeleton />
        ) : thread.isError ? (
          <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center text-sm text-slate-700">
            <p>We could not load the messages.</p>
            <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try again
            </Button>
          </div>
        ) : count === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-slate-600">
            <MessageSquare className="h-6 w-6 text-slate-400" aria-hidden="true" />
            <p>No messages yet.</p>
            <p>{viewerIsAdmin ? 'Write to the customer below.' : 'Ask our review team anything about this submission.'}</p>
          </div>
        ) : (
          <ol aria-label="Conversation" className="flex flex-col gap-3">
            {thread.data!.map((message) => (
              <MessageBubble key={message.id} message={message} viewerIsAdmin={viewerIsAdmin} isNew={newIds.has(message.id)} />
            ))}
          </ol>
        )}
      </div>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`message-input-${submissionId}`} className="sr-only">
          Your message
        </label>
        <Textarea
          id={`message-input-${submissionId}`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type your message… (Enter to send, Shift+Enter for a new line)"
          rows={3}
          aria-describedby={limitReached ? `${counterId} ${limitId}` : counterId}
          aria-invalid={over}
          readOnly={send.isPending}
        />
        {limitReached ? (
          <p id={limitId} role="alert" className="text-sm text-red-700">
            {limitReached}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <p id={counterId} className={cn('text-xs', over ? 'font-semibold text-red-700' : 'text-slate-600')} aria-live="polite">
            {text.length}/{MAX_MESSAGE_CHARACTERS}
            {over ? ' (too long)' : ''}
          </p>
          <div className="flex items-center gap-2">
            <Button
              type="button"
              variant="outline"
              size="icon"
              disabled
              aria-label="Attachments are not available yet"
              title="Attachments are not available yet"
            >
              <Paperclip className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button type="submit" disabled={!sendable}>
              <Send className="h-4 w-4" aria-hidden="true" />
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}
