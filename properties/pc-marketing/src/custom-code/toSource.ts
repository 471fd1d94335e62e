/**
 * Turns a self-contained custom-code function into the code string a Launch custom-code
 * module carries: `return (<function text>)(<argument expressions>);`. The function text is
 * the compiled function itself (`Function.prototype.toString`), so the code in the property
 * document is exactly the code the unit tests run; it must not refer to imports or outer
 * variables (tests evaluate the string on its own to prove it).
 */
export default function toSource(fn: (...args: never[]) => unknown, ...args: string[]): string {
  return `return (${fn.toString()})(${args.join(", ")});`;
}
