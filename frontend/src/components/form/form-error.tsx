import { ApiError } from '../../lib/api-client';
import { messageText } from '../../lib/i18n';

/** What to tell the user about a failed call: an API error's own words (the server's, or 'offline'), else 'serverNotWorking'. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.text : messageText('serverNotWorking');
}

/** A form's server error: red, under the form, with a leading asterisk (spec section 8); `id` for the form's aria-describedby. */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-3 text-sm text-red-600">
      *{message}
    </p>
  );
}
