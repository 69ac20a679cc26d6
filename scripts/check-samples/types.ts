// Shared shapes of the code-sample checker.

export interface Problem {
  file: string;
  line: number;
  /** Short rule id, for example `parse-json` or `name-resource`. */
  rule: string;
  message: string;
}

/** Reports a problem at a line counted from 1 inside a block. */
export type Report = (lineInBlock: number, rule: string, message: string) => void;
