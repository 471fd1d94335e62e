import { parse } from "acorn";

/** Where custom code stops parsing: 1-based line and column, and offsets for the editor. */
export interface CodeSyntaxProblem {
  message: string;
  line: number;
  column: number;
  from: number;
  to: number;
}

/** acorn's SyntaxError carries where it stopped. */
interface AcornError extends SyntaxError {
  pos: number;
  loc: { line: number; column: number };
}

const isAcornError = (error: unknown): error is AcornError =>
  error instanceof SyntaxError && typeof (error as Partial<AcornError>).pos === "number";

/**
 * The first syntax error of custom code, or undefined when it parses. Custom code runs as a
 * function body (so `return` is allowed) in today's JavaScript. `%data element%` tokens are
 * read as identifiers of the same length, so positions stay those the user sees; code that
 * starts with `<` is HTML (Core's custom code in HTML mode) and is not parsed.
 * Imported only by the lazily loaded code editor: the parser stays out of the initial JS.
 */
export function codeSyntaxProblem(source: string): CodeSyntaxProblem | undefined {
  if (source.trimStart().startsWith("<")) return undefined;
  const code = source.replace(/%[^%\n]+%/g, (token) => "_".repeat(token.length));
  try {
    parse(code, { ecmaVersion: "latest", allowReturnOutsideFunction: true });
    return undefined;
  } catch (error) {
    if (!isAcornError(error)) throw error;
    const message = error.message.replace(/ \(\d+:\d+\)$/, "");
    const { line, column } = error.loc;
    const from = Math.min(error.pos, source.length);
    return { message, line, column: column + 1, from, to: Math.min(from + 1, source.length) };
  }
}
