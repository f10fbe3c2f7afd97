/**
 * The "handled" flag: an error the page has already shown the shopper, which error reporting is to leave
 * alone. Import it from errors.ts, the one error module; it is a file of its own so that a list or the bag
 * loads it without the rest of that module.
 */
import { DataNotFoundError } from './data-not-found-error.ts';

/** Marks an error as shown to the user, so it is not reported. Returns the same error. */
export function markHandled<E>(error: E): E {
  if (error instanceof DataNotFoundError) error.handled = true;
  else if (error instanceof Error) Object.assign(error, { handled: true });
  return error;
}
