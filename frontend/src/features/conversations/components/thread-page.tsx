import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CONVERSATION_LIMITS, CONVERSATION_REPORT_REASONS, LIMITS, type Conversation, type ConversationReport } from '@market/contracts';
import { LoadFailed } from '../../../components/load-failed';
import { formatListingPrice } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { messagesOf, useBlockConversation, useReadConversation, useReportConversation, useThread, useUnblockConversation } from '../api/conversations';
import { useSendMessage } from '../api/send-message';
import { MessageList } from './message-list';
import { PersonPicture } from './person-picture';
import { useMainAction } from '../../../lib/use-main-action';

/**
 * /profile/messages/{id}: the thread, the composer fixed at the bottom. The page is as tall as what
 * the screen shows (dvh), and the list keeps its latest message in view when the page shrinks; a
 * phone whose keyboard only covers the page (Chrome on Android, Safari) scrolls the focused
 * composer above it, the latest message just above the composer.
 */
export function ThreadPage({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversations');
  const thread = useThread(conversationId);
  const read = useReadConversation(conversationId);
  const latestId = messagesOf(thread.data).at(-1)?.id;

  // Opening the thread, and every new message while it is open, reads it: the other side's receipts turn 'read'.
  const { mutate: markRead } = read;
  useEffect(() => {
    if (latestId !== undefined) markRead();
  }, [latestId, markRead]);

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
      <MessageList thread={thread} />
      {conversation && conversation.state !== 'open' ? (
        <ClosedNote conversation={conversation} onUnblocked={() => markRead()} />
      ) : (
        <Composer conversationId={conversationId} />
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

/** Why no message can be written, where the composer was; the one who blocked may lift it from here. */
function ClosedNote({ conversation, onUnblocked }: { conversation: Conversation; onUnblocked: () => void }) {
  const { t } = useTranslation('conversations');
  const unblock = useUnblockConversation(conversation.id);
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 p-3 text-sm text-slate-700">
      <p role="status" className="flex-1">
        {t(conversation.state)}
      </p>
      {conversation.state === 'blocked' && conversation.blockedByMe && (
        <button
          type="button"
          disabled={unblock.isPending}
          onClick={() => unblock.mutate(undefined, { onSuccess: onUnblocked })}
          className="min-h-11 rounded-md border border-slate-300 px-3 font-medium text-brand-700 hover:bg-slate-50 disabled:opacity-70"
        >
          {t('unblock')}
        </button>
      )}
      {unblock.isError && (
        <p role="alert" className="w-full text-red-700">
          {unblock.error.message}
        </p>
      )}
    </div>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversations');
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const send = useSendMessage(conversationId);
  const sendNow = () => {
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
