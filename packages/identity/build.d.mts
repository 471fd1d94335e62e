export const outputs: string[];
export function build(): Promise<void>;
export const extensionModuleFiles: Record<string, string>;
export const helperModules: string[];
export function buildModuleScript(modulePath: string): Promise<string>;
