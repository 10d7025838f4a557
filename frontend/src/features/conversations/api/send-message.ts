import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONVERSATION_SOCKET_EVENTS, type ConversationMessage, type ListingImage, type SendAnswer, type SendMessage } from '@market/contracts';
import { api, ApiError, NO_ANSWER } from '../../../lib/api-client';
import { connectedLiveSocket } from '../../../lib/live-socket';
import { addToThread, CONVERSATIONS_KEY } from './conversations';
import { MessageKeys } from './message-keys';

/** How long a message sent on the live connection waits for its acknowledgement before the page says it got no answer. */
const SOCKET_ANSWER_MS = 30_000;

/**
 * Sends on the page's live connection when it is up (`conversation:send`: no request to make, no session to look up
 * again), else `POST /api/conversations/{id}/messages`; the same rules, limits and refusals either way. A message whose
 * acknowledgement never came is not sent again over HTTP: it may have been stored, and the live connection brings it.
 */
export async function sendMessage(conversationId: string, body: SendMessage): Promise<ConversationMessage> {
  const socket = connectedLiveSocket();
  if (!socket) return api.post<ConversationMessage>(`/conversations/${conversationId}/messages`, body);
  const answer = (await socket
    .timeout(SOCKET_ANSWER_MS)
    .emitWithAck(CONVERSATION_SOCKET_EVENTS.send, { conversationId, ...body })
    .catch(() => {
      throw new ApiError(NO_ANSWER, undefined);
    })) as SendAnswer;
  if ('message' in answer) return answer.message;
  throw new ApiError(answer.status, answer.error);
}

/**
 * Uploads the photos through the listings' pipeline (`POST /api/upload`), then sends the message with its key: pressed
 * again after no answer came, the same words are answered with the message stored the first time.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const [keys] = useState(() => new MessageKeys());
  return useMutation({
    mutationFn: async ({ text, photos }: { text: string; photos: File[] }) => {
      let images: string[] = [];
      if (photos.length) {
        const form = new FormData();
        for (const photo of photos) form.append('files', photo);
        images = (await api.post<ListingImage[]>('/upload', form)).map((image) => image._id);
      }
      return sendMessage(conversationId, { text, images, clientKey: keys.keyFor(text) });
    },
    onSuccess: (message) => {
      keys.sent();
      addToThread(queryClient, conversationId, message);
      void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] });
    },
  });
}
