import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type ConversationMessage, type SendAnswer } from '@market/contracts';
import { connectedLiveSocket } from '../../../lib/live-socket';
import { sendMessage } from './send-message';

vi.mock('../../../lib/live-socket', () => ({ connectedLiveSocket: vi.fn() }));

const stored: ConversationMessage = { id: 7, authorId: 'buyer', mine: true, text: 'Salom', images: [], warnings: [], read: false, createdAt: '2026-11-27T14:00:00.000Z' };

/** A live connection whose acknowledgement is `answer`, recording what was sent on it. */
function liveConnection(answer: SendAnswer) {
  const emitted: unknown[][] = [];
  const socket = { timeout: () => ({ emitWithAck: async (...args: unknown[]) => (emitted.push(args), answer) }) };
  vi.mocked(connectedLiveSocket).mockReturnValue(socket as unknown as ReturnType<typeof connectedLiveSocket>);
  return emitted;
}

describe('sending a message from the thread', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends on the live connection while it is up, asking nothing over HTTP', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const emitted = liveConnection({ message: stored });
    await expect(sendMessage('c1', { text: 'Salom', images: [] })).resolves.toEqual(stored);
    expect(emitted).toEqual([['conversation:send', { conversationId: 'c1', text: 'Salom', images: [] }]]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the route’s own words for a refusal on the live connection', async () => {
    liveConnection({ status: 409, error: { message: MESSAGES.conversationBlocked, code: 'conversationBlocked' } });
    await expect(sendMessage('c1', { text: 'Salom', images: [] })).rejects.toMatchObject({ status: 409, message: MESSAGES.conversationBlocked.uz });
  });

  it('posts the message over HTTP while the live connection is down', async () => {
    vi.mocked(connectedLiveSocket).mockReturnValue(null);
    vi.stubGlobal('window', { location: { href: 'https://bozor.example/profile/messages/c1' } });
    vi.stubGlobal('sessionStorage', { getItem: () => null });
    const fetch = vi.fn(async () => new Response(JSON.stringify(stored), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    await expect(sendMessage('c1', { text: 'Salom', images: [] })).resolves.toEqual(stored);
    expect(fetch).toHaveBeenCalledWith('/api/conversations/c1/messages', expect.objectContaining({ method: 'POST', body: JSON.stringify({ text: 'Salom', images: [] }) }));
  });
});
