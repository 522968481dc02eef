// Option parsers shared by the benchmark commands (bench.ts, bench-instructions.ts).
import { InvalidArgumentError } from "commander";

export const positiveNumber = (v: string): number => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("must be a positive number");
  return n;
};
