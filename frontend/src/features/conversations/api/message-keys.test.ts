import { describe, expect, it } from 'vitest';
import { MessageKeys } from './message-keys';

describe('the key of the message being written', () => {
  it('stays the same when the same words are sent again after no answer came', () => {
    const keys = new MessageKeys();
    const first = keys.keyFor('Hali sotuvdami?');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.keyFor('Hali sotuvdami?')).toBe(first);
  });

  it('changes with the words, and once the message was stored', () => {
    const keys = new MessageKeys();
    const first = keys.keyFor('Hali sotuvdami?');
    const edited = keys.keyFor('Hali sotuvdami? Narxi?');
    expect(edited).not.toBe(first);
    keys.sent();
    expect(keys.keyFor('Hali sotuvdami? Narxi?')).not.toBe(edited);
  });
});
