import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  CONVERSATION_LIMITS,
  CONVERSATION_REPORT_REASONS,
  LIMITS,
  MESSAGE_WARNING_TEXT,
  SAFETY_WARNING,
  type Conversation,
  type ConversationMessage,
  type ConversationReport,
} from '@market/contracts';
import { LoadFailed } from '../../../components/load-failed';
import { formatListingPrice, formatTashkentTime } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { messagesOf, useBlockConversation, useReadConversation, useReportConversation, useThread } from '../api/conversations';
import { useSendMessage } from '../api/send-message';
import { PersonPicture } from './person-picture';
import { useMainAction } from '../../../lib/use-main-action';

/**
 * /profile/messages/{id}: the thread, older messages loaded as one scrolls up, the composer fixed
 * at the bottom. The page is as tall as what the screen shows (dvh shrinks with the phone's
 * keyboard), so the composer stays above the keyboard while the messages scroll.
 */
export function ThreadPage({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversations');
  const thread = useThread(conversationId);
  const read = useReadConversation(conversationId);
  const messages = messagesOf(thread.data);
  const latestId = messages.at(-1)?.id;
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  // Opening the thread, and every new message while it is open, reads it: the other side's receipts turn 'read'.
  const { mutate: markRead } = read;
  useEffect(() => {
    if (latestId !== undefined) markRead();
  }, [latestId, markRead]);

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      // Older messages came in above: keep the ones being read where they were.
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages.length]);

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

  const conversation = read.data;
  return (
    <section className="flex h-[calc(100dvh-7.5rem)] min-h-80 flex-col rounded-xl border border-slate-200 bg-white">
      <header className="flex items-center gap-3 border-b border-slate-200 p-3">
        <Link to="/profile/messages" className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-brand-700 hover:bg-brand-50" aria-label={t('back')}>
          ←
        </Link>
        {conversation && <ThreadHeading conversation={conversation} />}
      </header>
      {thread.isError && <LoadFailed message={thread.error.message} retry={{ label: t('retry'), onRetry: () => void thread.refetch() }} />}
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
          <MessageBubble key={message.id} message={message} />
        ))}
      </ol>
      {conversation && conversation.state !== 'open' ? (
        <p role="status" className="border-t border-slate-200 p-3 text-sm text-slate-700">
          {t(conversation.state)}
        </p>
      ) : (
        <Composer conversationId={conversationId} onSent={() => (atBottom.current = true)} />
      )}
      {conversation && <ThreadActions conversation={conversation} onBlocked={() => markRead()} />}
    </section>
  );
}

function ThreadHeading({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('conversations');
  const { listing } = conversation;
  return (
    <>
      <PersonPicture person={conversation.other} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">{conversation.other.name ?? '—'}</p>
        <Link to={`/phone/${listing._id}`} className="block truncate text-sm text-brand-700 hover:underline">
          {listing.name}, {formatListingPrice(listing.price, listing.valut, currentLanguage())}
          {listing.state !== 'onSale' && ` · ${t(`listingStates.${listing.state}`)}`}
        </Link>
      </div>
      {listing.image && <img src={listing.image.location} alt="" className="h-11 w-11 shrink-0 rounded object-cover" />}
    </>
  );
}

function MessageBubble({ message }: { message: ConversationMessage }) {
  const { t } = useTranslation('conversations');
  return (
    <li className={`flex flex-col ${message.mine ? 'items-end' : 'items-start'}`} data-testid="message">
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
      {!message.mine && message.warnings.length > 0 && (
        <p role="alert" className="mt-1 max-w-[85%] rounded-md border border-red-200 bg-red-50 px-2 py-1 text-sm font-medium text-red-800">
          ⚠ {MESSAGE_WARNING_TEXT[currentLanguage()]}
        </p>
      )}
      <span className="mt-0.5 text-xs text-slate-500">
        <time dateTime={message.createdAt}>{formatTashkentTime(message.createdAt, 'day-first')}</time>
        {message.mine && ` · ${message.read ? t('read') : t('delivered')}`}
      </span>
    </li>
  );
}

function Composer({ conversationId, onSent }: { conversationId: string; onSent: () => void }) {
  const { t } = useTranslation('conversations');
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const send = useSendMessage(conversationId);
  const sendNow = () => {
    onSent();
    send.mutate(
      { text, photos },
      {
        onSuccess: () => {
          setText('');
          setPhotos([]);
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendNow();
  };
  // Inside Telegram the MainButton sends.
  useMainAction({ label: t('send'), run: sendNow, disabled: !text.trim() && photos.length === 0, busy: send.isPending });
  return (
    <form onSubmit={submit} className="border-t border-slate-200 p-2">
      {send.isError && (
        <p role="alert" className="mb-1 text-sm text-red-700">
          {send.error.message}
        </p>
      )}
      {photos.length > 0 && (
        <p className="mb-1 flex items-center gap-2 text-sm text-slate-700">
          {t('photosChosen', { count: photos.length })}
          <button type="button" onClick={() => setPhotos([])} className="min-h-11 px-2 font-medium text-brand-700">
            {t('removePhotos')}
          </button>
        </p>
      )}
      <div className="flex items-end gap-2">
        <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md border border-slate-300 text-xl text-slate-700 hover:bg-slate-50">
          <span aria-hidden>📷</span>
          <span className="sr-only">{t('attach')}</span>
          <input
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            onChange={(event) => setPhotos([...(event.target.files ?? [])].slice(0, CONVERSATION_LIMITS.photosPerMessage))}
          />
        </label>
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-label={t('messageLabel')}
          placeholder={t('placeholder')}
          maxLength={CONVERSATION_LIMITS.textMax}
          rows={1}
          required
          className="min-h-11 flex-1 resize-none rounded-md border border-slate-300 p-2 text-base"
        />
        <button type="submit" disabled={send.isPending} className="min-h-11 rounded-md bg-brand-700 px-4 font-medium text-white hover:bg-brand-800 disabled:opacity-70">
          {t('send')}
        </button>
      </div>
    </form>
  );
}

/** Block and report: rare, so folded away under the composer. */
function ThreadActions({ conversation, onBlocked }: { conversation: Conversation; onBlocked: () => void }) {
  const { t } = useTranslation('conversations');
  const block = useBlockConversation(conversation.id);
  const report = useReportConversation(conversation.id);
  const [reason, setReason] = useState<ConversationReport['reason']>('fraud');
  const [text, setText] = useState('');
  return (
    <details className="border-t border-slate-200 px-3 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center text-slate-600">
        {t('report')} / {t('block')}
      </summary>
      <form
        className="flex flex-wrap items-end gap-2 pb-2"
        onSubmit={(event) => {
          event.preventDefault();
          report.mutate({ reason, text: text || undefined });
        }}
      >
        <label>
          {t('reportReason')}
          <select value={reason} onChange={(event) => setReason(event.target.value as ConversationReport['reason'])} className="ml-1 min-h-11 rounded-md border border-slate-300">
            {CONVERSATION_REPORT_REASONS.map((value) => (
              <option key={value} value={value}>
                {t(`reasons.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex-1">
          {t('reportText')}
          <input value={text} onChange={(event) => setText(event.target.value)} maxLength={LIMITS.reportTextMax} className="ml-1 min-h-11 w-full rounded-md border border-slate-300 px-2" />
        </label>
        <button type="submit" className="min-h-11 rounded-md border border-slate-300 px-3 font-medium">
          {t('report')}
        </button>
        {conversation.state !== 'blocked' && (
          <button type="button" onClick={() => window.confirm(t('blockConfirm')) && block.mutate(undefined, { onSuccess: onBlocked })} className="min-h-11 rounded-md border border-red-300 px-3 font-medium text-red-700">
            {t('block')}
          </button>
        )}
        {(report.data || report.error || block.error) && (
          <p role="status" className="w-full">
            {report.data ? report.data.message[currentLanguage()] : (report.error ?? block.error)?.message}
          </p>
        )}
      </form>
    </details>
  );
}
