/**
 * How every browser test and benchmark launches Chromium: the Debian package, never a
 * downloaded build (none can be fetched here), with the flags that keep a headless run
 * off the network (see the toolchain notes).
 */
export const CHROMIUM_PATH = process.env.LIFTOFF_CHROMIUM ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
