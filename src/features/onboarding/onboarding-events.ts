/** The event the onboarding dialog (a module built on its own) sends when the visitor has seen it. */
export const ONBOARDING_SEEN_EVENT = 'onboarding:seen';
