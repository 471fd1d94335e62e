import { lazy, Suspense } from "react";
import type { CodeEditorProps } from "./CodeEditor.tsx";

const CodeEditor = lazy(() => import("./CodeEditor.tsx"));

/** Custom code field: a plain textarea until CodeMirror's chunk has loaded. */
export default function CodeField(props: CodeEditorProps & { id: string }) {
  return (
    <Suspense
      fallback={
        <textarea
          id={props.id}
          aria-label={props.label}
          className="code-fallback"
          value={props.value}
          readOnly={props.readOnly}
          onChange={(e) => props.onChange(e.target.value)}
        />
      }
    >
      <CodeEditor {...props} />
    </Suspense>
  );
}
