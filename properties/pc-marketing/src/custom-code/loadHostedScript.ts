/**
 * Loads one of the hosted rule scripts (spec §7: open UI change, form abandonment dispatch,
 * do-not-sell cookie script). A failed load is logged with the URL and never reaches the
 * page (spec §8 "Failed to load script"); the returned promise settles either way so the
 * rule's action reports the outcome.
 */
export default function loadHostedScript(
  doc: Document,
  url: string,
  logger: { error(message: string): void },
): Promise<boolean> {
  return new Promise((resolve) => {
    const script = doc.createElement("script");
    script.async = true;
    script.src = url;
    script.onload = () => resolve(true);
    script.onerror = () => {
      logger.error("Failed to load script " + url);
      resolve(false);
    };
    doc.head.appendChild(script);
  });
}
