import type { BuildOptions } from "esbuild";

export const outputs: string[];
export const artifacts: Record<string, BuildOptions>;
export function build(): Promise<void>;
