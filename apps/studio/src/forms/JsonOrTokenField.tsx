import { useState } from "react";
import { usePlatform } from "../properties/platform.ts";
import TokenInput from "./TokenInput.tsx";
import { PERCENT_TOKENS, tokenSyntaxOf, tokenText, type TokenSyntax } from "./tokens.ts";
import type { WidgetProps } from "./WidgetProps.ts";

/** The value a text stands for: an object from JSON, one token as text, or why it is neither. */
export function readJsonOrToken(
  text: string,
  syntax: TokenSyntax = PERCENT_TOKENS,
): { value: unknown; error?: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { value: undefined };
  if (syntax.whole.test(trimmed)) return { value: trimmed };
  const token = tokenText(syntax, "data element");
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
      return { value: parsed };
    return { value: text, error: `Expected a JSON object { … }, or one ${token} token.` };
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return { value: text, error: `Not valid JSON (${detail}); or use one ${token} token.` };
  }
}

/**
 * An object setting edited as JSON, or as one `%data element%` token that stands for the
 * object; `%` offers the property's data elements, alone or inside the JSON. Checked as the user types: a valid object is stored as an object (never as the
 * text of one), a token as the token; anything else stays as text, marked invalid.
 */
export default function JsonOrTokenField({
  id,
  value,
  onChange,
  readOnly,
  describedBy,
}: WidgetProps) {
  const [text, setText] = useState(() =>
    value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value, null, 2),
  );
  const syntax = tokenSyntaxOf(usePlatform());
  const { error } = readJsonOrToken(text, syntax);
  const errorId = `${id}-json-error`;
  return (
    <>
      <TokenInput
        multiline
        id={id}
        className="json-field"
        value={text}
        readOnly={readOnly}
        spellCheck={false}
        placeholder={`{ "web": { "webPageDetails": { "name": "${tokenText(syntax, "page name")}" } } }`}
        aria-invalid={error !== undefined}
        aria-describedby={[describedBy, error ? errorId : ""].filter(Boolean).join(" ")}
        onChange={(next) => {
          setText(next);
          onChange(readJsonOrToken(next, syntax).value);
        }}
      />
      {error && (
        <p id={errorId} className="field-problems">
          {error}
        </p>
      )}
    </>
  );
}
