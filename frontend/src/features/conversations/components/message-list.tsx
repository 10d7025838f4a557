import { useLayoutEffect, useRef } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { SAFETY_WARNING, messageWarningText, type ConversationMessage, type MessagePage } from '@market/contracts';
import { formatTashkentTime } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { messagesOf } from '../api/conversations';

interface MessageListProps {
  thread: UseInfiniteQueryResult<InfiniteData<MessagePage>>;
  /** Who wrote a message, for a reader who is neither side (a moderator). */
  authorOf?: (message: ConversationMessage) => string;
}

/**
 * A thread's messages, the latest at the bottom, older ones loaded as the reader scrolls up. It
 * follows the latest message while the reader is at the bottom, also when the list gets shorter
 * (the phone's keyboard opening shrinks the page), and after the reader sends one.
 */
export function MessageList({ thread, authorOf }: MessageListProps) {
  const { t } = useTranslation('conversations');
  const messages = messagesOf(thread.data);
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const lastIsMine = messages.at(-1)?.mine ?? false;

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      // Older messages came in above: keep the ones being read where they were.
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current || lastIsMine) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    }
  }, [messages.length, lastIsMine]);

  // A shorter list keeps its top where it was: the latest messages would slip out of view below.
  useLayoutEffect(() => {
    const element = list.current!;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const loadOlder = () => {
    if (!thread.hasNextPage || thread.isFetchingNextPage) return;
    heightBeforeOlder.current = list.current?.scrollHeight ?? null;
    void thread.fetchNextPage();
  };
  const onScroll = () => {
    const element = list.current!;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
    if (element.scrollTop < 60) loadOlder();
  };

  return (
    <ol ref={list} onScroll={onScroll} aria-label={t('messages')} aria-busy={thread.isPending} className="flex-1 space-y-2 overflow-y-auto overscroll-contain p-3">
      {thread.hasNextPage && (
        <li className="text-center">
          <button type="button" onClick={loadOlder} className="min-h-11 px-3 text-sm font-medium text-brand-700">
            {thread.isFetchingNextPage ? t('loading') : t('loadOlder')}
          </button>
        </li>
      )}
      {!thread.hasNextPage && messages.length > 0 && (
        <li role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <strong>{t('safetyTitle')}: </strong>
          {SAFETY_WARNING[currentLanguage()]}
        </li>
      )}
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} author={authorOf?.(message)} />
      ))}
    </ol>
  );
}

function MessageBubble({ message, author }: { message: ConversationMessage; author?: string }) {
  const { t } = useTranslation('conversations');
  const warning = messageWarningText(message.warnings);
  return (
    <li className={`flex flex-col ${message.mine ? 'items-end' : 'items-start'}`} data-testid="message">
      {author && <span className="mb-0.5 text-xs font-medium text-slate-600">{author}</span>}
      <div className={`max-w-[85%] rounded-2xl px-3 py-2 break-words whitespace-pre-wrap ${message.mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900'}`}>
        {message.images.length > 0 && (
          <div className="mb-1 grid grid-cols-2 gap-1">
            {message.images.map((image) => (
              <a key={image} href={image} target="_blank" rel="noopener noreferrer">
                <img src={image} alt={t('photoAlt')} className="h-28 w-full rounded object-cover" />
              </a>
            ))}
          </div>
        )}
        {message.text}
      </div>
      {/* The reader is warned; the writer's own message needs no warning. */}
      {!message.mine && warning && (
        <p role="alert" className="mt-1 max-w-[85%] rounded-md border border-red-200 bg-red-50 px-2 py-1 text-sm font-medium text-red-800">
          ⚠ {warning[currentLanguage()]}
        </p>
      )}
      <span className="mt-0.5 text-xs text-slate-500">
        <time dateTime={message.createdAt}>{formatTashkentTime(message.createdAt, 'day-first')}</time>
        {message.mine && ` · ${message.read ? t('read') : t('delivered')}`}
      </span>
    </li>
  );
}
