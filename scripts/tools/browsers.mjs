// The two Chromiums the browser tests and benches run (both Debian's): its headless shell, the engine
// without the browser's interface, for every end-to-end spec but those that need what only the full browser
// does (a camera asked for with the prompt, the back-forward cache), which launch the full one, as do the
// benches and the hostile build's page check. Each path can be given by the environment.

export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
