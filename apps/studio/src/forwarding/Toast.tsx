import { useEffect, useState } from "react";

const SHOWN_MS = 6000;

/**
 * A short confirmation that floats at the bottom of the window and goes by itself. The status
 * region is always in the page, so screen readers announce the text when it appears.
 */
export function useToast(): [toast: React.ReactNode, show: (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => setText(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const toast = (
    <div role="status" className={text ? "toast toast-shown" : "toast"}>
      {text}
    </div>
  );
  return [toast, setText];
}
