import {
  autocompletion,
  type CompletionContext,
  type CompletionResult,
} from "@codemirror/autocomplete";
import { javascript } from "@codemirror/lang-javascript";
import { EditorView, basicSetup } from "codemirror";
import { useEffect, useRef } from "react";
import { matchTokens, tokenQueryAt } from "./tokens.ts";

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Data element names offered after `%`. */
  tokens: readonly string[];
  /** Accessible name of the editor (the field label). */
  label: string;
  readOnly?: boolean;
  describedBy?: string;
  /** Given to the editable element, so the field's <label for> points at it. */
  id?: string;
}

/** `%name%` completion inside the code, from the same matcher the text inputs use. */
function tokenSource(tokens: readonly string[]) {
  return (context: CompletionContext): CompletionResult | null => {
    const line = context.state.doc.lineAt(context.pos);
    const query = tokenQueryAt(line.text, context.pos - line.from);
    if (!query) return null;
    const names = matchTokens(tokens, query.text, 50);
    if (names.length === 0) return null;
    return {
      from: line.from + query.start,
      options: names.map((name) => ({ label: `%${name}%`, type: "variable" })),
      filter: false,
    };
  };
}

/**
 * CodeMirror 6 for custom code. Loaded with React.lazy (see CodeField), so the editor is
 * fetched only when a form shows custom code and stays out of the studio's initial JS.
 */
export default function CodeEditor({
  value,
  onChange,
  tokens,
  label,
  readOnly,
  describedBy,
  id,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: value,
      parent: host.current,
      extensions: [
        basicSetup,
        javascript(),
        autocompletion({ override: [tokenSource(tokens)] }),
        EditorView.editable.of(!readOnly),
        EditorView.contentAttributes.of({
          ...(id ? { id } : {}),
          "aria-label": label,
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is created once; value changes from outside are synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokens, readOnly, label, describedBy, id]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value)
      editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return <div className="code-editor" ref={host} />;
}
