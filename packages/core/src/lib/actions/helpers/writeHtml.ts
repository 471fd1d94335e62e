/**
 * A small HTML writer for the custom-code action, in place of postscribe (17.6 KB), doing
 * what a site sees postscribe 2.0.8 do when Core writes with it (reference §5.3):
 *
 * - The markup is parsed by the page's own document (a detached `<div>`), where scripting is
 *   on, and `<noscript>` elements are left empty, as postscribe leaves them: a tag's
 *   no-JavaScript fallback (a pixel's `<img>`) is never requested, never shown.
 * - It is added at the end of `document.body` in document order, stopping at each `<script>`:
 *   a script sees the markup before it and not yet the markup after it, as a parser shows it.
 * - Each script runs as a fresh copy (with Core's `cspNonce`). An external one holds back
 *   everything after it until it has loaded or failed; postscribe holds back `async` and
 *   `defer` scripts too (its `releaseAsync` is off). A script whose type is not JavaScript
 *   is added but not waited for, since the browser never loads it (postscribe would wait
 *   forever).
 * - `document.write`/`writeln` from a written script (inline, or external once loaded) is
 *   written in place, right after that script and before the markup after it, the same way,
 *   so nested writes work (see runScript for when). Without this, a write after the page
 *   has loaded would replace the whole page.
 *
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

// The types a browser runs (an empty type is JavaScript); anything else is data.
const RUNS = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i;

function parse(html: string): Node[] {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  // With scripting on, a noscript's content is text; postscribe leaves the element empty.
  holder.querySelectorAll("noscript").forEach((fallback) => (fallback.textContent = ""));
  return Array.from(holder.childNodes);
}

/**
 * Runs a copy of `old` at the end of `parent`. What it writes goes in right after it, in
 * order: markup that holds a script is added at the moment of the write (the written script
 * runs before the writer's next statement, as with postscribe); other markup waits for the
 * next write or the end of the script, so a tag opened by one write and closed by the next
 * stays whole. `done` is called once the script and everything it wrote have run.
 */
function runScript(
  old: HTMLScriptElement,
  parent: Node,
  nonce: string | undefined,
  done: () => void,
) {
  const script = document.createElement("script");
  for (const { name, value } of Array.from(old.attributes)) script.setAttribute(name, value);
  if (nonce) script.nonce = nonce;
  script.text = old.text;
  const doc = document;
  // Put back as found (on the same object, never called here): the document's own methods,
  // or an outer script's collectors.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { write: savedWrite, writeln: savedWriteln } = doc;
  let buffer = "";
  let ended = false;
  let inserting = false;
  const chunks: string[] = [];
  const drain = (): void => {
    if (inserting) return;
    const html = chunks.shift();
    if (html !== undefined) {
      inserting = true;
      return insert(parse(html), parent, nonce, () => {
        inserting = false;
        drain();
      });
    }
    if (ended) done();
  };
  const flush = () => {
    if (buffer) chunks.push(buffer);
    buffer = "";
    drain();
  };
  const write = (text: string) => {
    buffer += text;
    if (/<script/i.test(buffer)) flush();
  };
  doc.write = (...parts: string[]) => write(parts.join(""));
  doc.writeln = (...parts: string[]) => write(`${parts.join("")}\n`);
  const end = () => {
    doc.write = savedWrite;
    doc.writeln = savedWriteln;
    ended = true;
    flush();
  };
  if (script.src && RUNS.test(script.type.trim())) {
    // Waited for even when async or defer: postscribe runs one script at a time.
    script.onload = script.onerror = end;
    parent.appendChild(script);
  } else {
    parent.appendChild(script); // an inline script runs here, synchronously
    end();
  }
}

/** Adds `nodes` to `parent` in order, running each script before what follows it. */
function insert(nodes: Node[], parent: Node, nonce: string | undefined, done: () => void) {
  let i = 0;
  const next = (): void => {
    while (i < nodes.length) {
      const node = nodes[i++]!;
      if (node.nodeName === "SCRIPT")
        return runScript(node as HTMLScriptElement, parent, nonce, next);
      if (node instanceof Element && node.querySelector("script")) {
        // The element goes in first, its children after, so a script inside it sees only
        // the children before it.
        const children = Array.from(node.childNodes);
        children.forEach((child) => node.removeChild(child));
        parent.appendChild(node);
        return insert(children, node, nonce, next);
      }
      parent.appendChild(node);
    }
    done();
  };
  next();
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
  insert(parse(job.html!), document.body, job.nonce, () => {
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
