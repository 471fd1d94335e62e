#!/usr/bin/env node
// Makes sure Debian's Chromium is present for the browser tests. Installs it when missing and
// running as root (as on CI and the project's machines); otherwise says exactly what to install.
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

const path = process.env.LIFTOFF_CHROMIUM ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || process.env.LIFTOFF_CHROMIUM) {
    throw new Error(
      `Chromium not found at ${path}. Install Debian's package (as root: apt-get install -y chromium) ` +
        `or point LIFTOFF_CHROMIUM at a Chromium binary.`,
    );
  }
  console.log("Installing Debian chromium (not found at /usr/bin/chromium)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  if (!existsSync(path))
    throw new Error(`apt-get installed chromium but ${path} is still missing.`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
