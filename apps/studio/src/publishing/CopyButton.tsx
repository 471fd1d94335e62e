import { useState } from "react";

/** Copies text to the clipboard and says so (falls back to selecting it for Ctrl+C). */
export default function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setDone("Copied");
    } catch {
      setDone("Copy failed; select the code and press Ctrl+C");
    }
  }
  return (
    <>
      <button type="button" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
      <span role="status" className="muted">
        {done}
      </span>
    </>
  );
}
