/**
 * An input problem, with the path of the field that caused it, so every layer (CLI, HTTP,
 * studio forms) can point at the exact place. Example:
 * `new ValidationError("rules[2].events[0].ruleOrder", "must be a number")`.
 */
export class ValidationError extends Error {
  readonly field: string;
  readonly problem: string;

  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`);
    this.name = "ValidationError";
    this.field = field;
    this.problem = problem;
  }
}

/** Several problems reported at once (configs and imported files list every problem). */
export class ValidationErrors extends Error {
  readonly errors: ValidationError[];

  constructor(errors: ValidationError[]) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "ValidationErrors";
    this.errors = errors;
  }
}
