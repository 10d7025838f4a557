/** Sends one SMS. The Eskiz client in production, the log in development. */
export abstract class SmsSender {
  /** A name for logs and the delivery record. */
  abstract readonly name: string;
  /** Answers the gateway's message id; throws SmsSendError when the gateway did not take the message. */
  abstract send(phoneNumber: string, text: string): Promise<{ messageId: string | null }>;
}

/**
 * A failed send. `notSent` is true when the gateway certainly did not take the message
 * (it answered with an error, or it could not be reached): only then may a retry send it.
 * `permanent` failures (a refused number or text) are not retried at all.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly notSent: boolean,
    readonly permanent = false,
  ) {
    super(message);
  }
}
