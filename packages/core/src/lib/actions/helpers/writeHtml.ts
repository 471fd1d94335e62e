/**
 * A small HTML writer for the custom-code action, in place of postscribe (17.6 KB): the
 * markup is parsed in a `<template>`, appended to `document.body`, and then every `<script>`
 * in it is replaced by a fresh copy so the browser runs it — in document order, an external
 * script holding back the ones after it until it has loaded or failed (reference §5.3).
 * Writes wait in one queue until `document.body` exists, retried every 20 ms (spec §9).
 * The queue also takes plain tasks (custom code the build compiled into a function), which
 * then run at the moment a written script would have, in order with the writes.
 */
interface Job {
  html?: string;
  task?: () => unknown;
  nonce?: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
const queue: Job[] = [];
let busy = false;

function runScripts(scripts: HTMLScriptElement[], nonce: string | undefined, done: () => void) {
  const old = scripts.shift();
  if (!old) return done();
  const script = document.createElement("script");
  for (const { name, value } of Array.from(old.attributes)) script.setAttribute(name, value);
  if (nonce) script.nonce = nonce;
  script.text = old.text;
  const next = () => runScripts(scripts, nonce, done);
  // An external script without async/defer blocks the ones after it, as the parser would.
  // (A created script is async by default, so the flag is read from the original markup.)
  const external = script.src && !old.hasAttribute("async") && !old.hasAttribute("defer");
  if (external) {
    script.async = false;
    script.onload = script.onerror = next;
  }
  old.parentNode!.replaceChild(script, old);
  if (!external) next();
}

function pump() {
  if (busy || !queue.length) return;
  if (!document.body) {
    setTimeout(pump, 20);
    return;
  }
  const job = queue.shift()!;
  if (job.task) {
    try {
      job.resolve(job.task());
    } catch (error) {
      job.reject(error);
    }
    return pump();
  }
  busy = true;
  const template = document.createElement("template");
  template.innerHTML = job.html!;
  const scripts = Array.from(template.content.querySelectorAll("script"));
  document.body.appendChild(template.content);
  runScripts(scripts, job.nonce, () => {
    busy = false;
    job.resolve(undefined);
    pump();
  });
}

const enqueue = (job: Omit<Job, "resolve" | "reject">) =>
  new Promise<unknown>((resolve, reject) => {
    queue.push({ ...job, resolve, reject });
    pump();
  });

/** Queues `html` for the end of the body; resolves when its scripts have run. */
export default function writeHtml(html: string, nonce?: string): Promise<void> {
  return enqueue({ html, nonce }).then(() => undefined);
}

/** Runs `task` in the write queue; settles with what it returns or throws. */
export function runInWriteQueue(task: () => unknown): Promise<unknown> {
  return enqueue({ task });
}
