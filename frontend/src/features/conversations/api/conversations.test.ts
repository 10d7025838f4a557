import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage, MessagePage } from '@market/contracts';
import { addToThread, messagesOf, threadKey } from './conversations';

const message = (id: number): ConversationMessage => ({
  id,
  authorId: 'seller',
  mine: false,
  text: `message ${id}`,
  images: [],
  warnings: [],
  read: false,
  createdAt: new Date(Date.UTC(2026, 10, 27, 12, 0, id)).toISOString(),
});

describe('a thread as its reader sees it', () => {
  it('shows messages in the order they were written, whichever arrives first after a reconnect', () => {
    const queryClient = new QueryClient();
    const thread: InfiniteData<MessagePage> = { pages: [{ messages: [message(1), message(2)], hasOlder: false }], pageParams: [0] };
    queryClient.setQueryData(threadKey('c'), thread);
    // The live push of message 4 comes before the catch-up brings 3; then 3 arrives twice (push and catch-up).
    for (const id of [4, 3, 3]) addToThread(queryClient, 'c', message(id));
    expect(messagesOf(queryClient.getQueryData(threadKey('c'))).map((shown) => shown.id)).toEqual([1, 2, 3, 4]);
  });
});
