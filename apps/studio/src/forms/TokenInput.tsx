import {
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type RefObject,
  type TextareaHTMLAttributes,
} from "react";
import { usePlatform } from "../properties/platform.ts";
import {
  applyToken,
  matchTokens,
  tokenQueryAt,
  tokenSyntaxOf,
  tokenText,
  type TokenQuery,
} from "./tokens.ts";
import { useTokenNames } from "./TokenNamesContext.ts";

type Field = HTMLInputElement | HTMLTextAreaElement;

type Props = Omit<
  InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>,
  "value" | "onChange"
> & {
  value: string;
  onChange: (value: string) => void;
  /** A text area (JSON with tokens inside) instead of one line. */
  multiline?: boolean;
};

/**
 * A text input that offers the property's data elements after a `%` (after `{{` in an event
 * forwarding property; ARIA combobox: arrows move, Enter or Tab accept, Escape closes).
 */
export default function TokenInput({ value, onChange, multiline, ...rest }: Props) {
  const names = useTokenNames();
  const platform = usePlatform();
  const syntax = tokenSyntaxOf(platform);
  const input = useRef<Field>(null);
  const listId = useId();
  const [query, setQuery] = useState<TokenQuery | null>(null);
  const [active, setActive] = useState(0);
  const options = query ? matchTokens(names, query.text) : [];
  // Launch publishes a token that names nothing (the page gets its text, unless custom code
  // sets a variable of that name), so it is advice here, not a problem.
  const unknown = [...new Set(syntax.names(value))].filter(
    (name) => !names.includes(name) && !(query && query.text === name),
  );
  const open = options.length > 0;

  function update(next: string, caret: number) {
    onChange(next);
    setQuery(tokenQueryAt(next, caret, syntax));
    setActive(0);
  }

  function accept(name: string) {
    if (!query) return;
    const caret = input.current?.selectionStart ?? value.length;
    const next = applyToken(value, caret, query, name, syntax);
    onChange(next.value);
    setQuery(null);
    // Put the caret after the inserted token once React has written the new value.
    requestAnimationFrame(() => input.current?.setSelectionRange(next.caret, next.caret));
  }

  function onKeyDown(event: KeyboardEvent<Field>) {
    if (!open) return;
    if (event.key === "ArrowDown") setActive((i) => (i + 1) % options.length);
    else if (event.key === "ArrowUp") setActive((i) => (i - 1 + options.length) % options.length);
    else if (event.key === "Enter" || event.key === "Tab") accept(options[active]!);
    else if (event.key === "Escape") setQuery(null);
    else return;
    event.preventDefault();
  }

  const field = {
    value,
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": open,
    "aria-controls": listId,
    "aria-activedescendant": open ? `${listId}-${active}` : undefined,
    onChange: (e: { target: Field }) =>
      update(e.target.value, e.target.selectionStart ?? e.target.value.length),
    onKeyDown,
    onBlur: () => setQuery(null),
  } as const;
  return (
    <span className="token-input">
      {multiline ? (
        <textarea {...rest} {...field} ref={input as RefObject<HTMLTextAreaElement>} />
      ) : (
        <input {...rest} {...field} ref={input as RefObject<HTMLInputElement>} />
      )}
      {unknown.length > 0 && !open && (
        <small className="warn token-warning">
          {`${unknown.map((name) => tokenText(syntax, name)).join(", ")} ${unknown.length === 1 ? "names" : "name"} no data element: ${platform === "edge" ? "the request gets the text as it is." : "the page gets the text unless custom code sets it with _satellite.setVar."}`}
        </small>
      )}
      {open && (
        <ul id={listId} role="listbox" className="token-options" aria-label="Data elements">
          {options.map((name, i) => (
            <li
              key={name}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                accept(name);
              }}
            >
              {tokenText(syntax, name)}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
