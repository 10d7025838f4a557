/**
 * The key of the message being written (the contracts' `clientKey`): the same while its words are those of a send
 * that got no answer, so that sending it again can never store it twice; a new one for other words, or once sent.
 */
export class MessageKeys {
  private pending: { text: string; key: string } | null = null;

  keyFor(text: string): string {
    if (this.pending?.text !== text) this.pending = { text, key: crypto.randomUUID() };
    return this.pending.key;
  }

  /** The server stored the message: the same words written again are another message. */
  sent(): void {
    this.pending = null;
  }
}
