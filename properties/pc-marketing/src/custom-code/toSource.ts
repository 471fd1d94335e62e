/**
 * Turns a self-contained custom-code function into the code string a Launch custom-code
 * module carries: `return (<function text>)(<argument expressions>);`. The function text is
 * the compiled function itself (`Function.prototype.toString`), so the code in the property
 * document is exactly the code the unit tests run; it must not refer to imports or outer
 * variables (tests evaluate the string on its own to prove it).
 *
 * When this module runs under a transpiler that keeps function names (tsx and esbuild's
 * `keepNames` wrap each function as `__name(fn, "name")`), the text calls a helper the page
 * does not have; the code then brings an identity `__name` of its own.
 */
export default function toSource(fn: (...args: never[]) => unknown, ...args: string[]): string {
  const text = fn.toString();
  const helper = /\b__name\(/.test(text) ? "const __name = (f) => f;\n" : "";
  return `${helper}return (${text})(${args.join(", ")});`;
}
