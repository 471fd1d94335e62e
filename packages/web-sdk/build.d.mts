import type { BuildOptions } from "esbuild";

export const outputs: string[];
export const artifacts: Record<string, BuildOptions>;
export function build(): Promise<void>;
export const extensionModuleFiles: Record<string, string>;
export const helperModules: string[];
export function buildModuleScript(modulePath: string): Promise<string>;
