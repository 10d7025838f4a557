import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationMessage, MessagePage, MessagePush } from '@market/contracts';
import { messagesOf, threadKey } from './conversations';
import { messagePushes } from './live';

const push = (id: number): MessagePush => ({
  conversationId: 'c',
  message: { id, authorId: 'buyer', mine: false, text: `message ${id}`, images: [], warnings: [], read: false, createdAt: new Date(Date.UTC(2026, 10, 27, 12, 0, id)).toISOString() } satisfies ConversationMessage,
});

describe('messages pushed to an open page', () => {
  it('shows a message pushed twice (by its API and again from the outbox) once, and reads the lists again once', () => {
    const queryClient = new QueryClient();
    const thread: InfiniteData<MessagePage> = { pages: [{ messages: [push(1).message], hasOlder: false }], pageParams: [0] };
    queryClient.setQueryData(threadKey('c'), thread);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onPush = messagePushes(queryClient);

    for (const id of [2, 3, 2, 3]) onPush(push(id));

    expect(messagesOf(queryClient.getQueryData(threadKey('c'))).map((shown) => shown.id)).toEqual([1, 2, 3]);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
