import {
  autocompletion,
  type CompletionContext,
  type CompletionResult,
} from "@codemirror/autocomplete";
import { javascript } from "@codemirror/lang-javascript";
import { linter, lintGutter, type Diagnostic } from "@codemirror/lint";
import { Compartment, type Extension } from "@codemirror/state";
import { EditorView, basicSetup } from "codemirror";
import { useEffect, useMemo, useRef } from "react";
import { codeSyntaxProblem } from "./codeSyntaxProblem.ts";
import { cspNonce } from "./cspNonce.ts";
import FieldProblems from "./FieldProblems.tsx";
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

/** The syntax error of the code as an editor diagnostic (underline and gutter marker). */
function syntaxDiagnostics(view: EditorView): Diagnostic[] {
  const problem = codeSyntaxProblem(view.state.doc.toString());
  if (!problem) return [];
  const { from, to, message, line, column } = problem;
  return [{ from, to, severity: "error", message: `${message} (${line}:${column})` }];
}

/**
 * CodeMirror 6 for custom code, parsed as it changes: a syntax error is marked in the gutter
 * and said below the editor with its line and column. Loaded with React.lazy (see CodeField), so the editor is
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
  const syntaxId = `${id ?? "code"}-syntax`;
  const problem = useMemo(() => codeSyntaxProblem(value), [value]);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  // What may change while the editor lives: the field's attributes (its description gains a
  // problem's id once the field has one), the token names and read-only. They are swapped in
  // place; making a new editor instead would drop the focus and the keys typed meanwhile.
  const settings = useMemo(
    (): Extension => [
      autocompletion({ override: [tokenSource(tokens)] }),
      EditorView.editable.of(!readOnly),
      EditorView.contentAttributes.of({
        ...(id ? { id } : {}),
        "aria-label": label,
        // The syntax line below is listed always; it exists only while there is an error.
        "aria-describedby": [describedBy, syntaxId].filter(Boolean).join(" "),
      }),
    ],
    [tokens, readOnly, label, describedBy, id, syntaxId],
  );
  const compartment = useRef(new Compartment());

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: value,
      parent: host.current,
      extensions: [
        basicSetup,
        javascript(),
        linter(syntaxDiagnostics, { delay: 300 }),
        lintGutter(),
        // CodeMirror writes its theme into a <style> element; the policy admits it by nonce.
        EditorView.cspNonce.of(cspNonce()),
        compartment.current.of(settings),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once per mount: the settings change through the compartment below,
    // the value through the effect after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: compartment.current.reconfigure(settings) });
  }, [settings]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value)
      editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return (
    <>
      <div className="code-editor" ref={host} />
      <FieldProblems
        id={syntaxId}
        messages={
          problem ? [`Line ${problem.line}, column ${problem.column}: ${problem.message}`] : []
        }
      />
    </>
  );
}
