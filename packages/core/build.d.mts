/** Types for build.mjs (the module-script builder). */
export declare const outputs: string[];
export declare function build(): Promise<void>;
export declare const sharedHelpers: string[];
export declare function sourceOf(modulePath: string): string;
export declare function modulePaths(): string[];
export declare function buildModule(
  modulePath: string,
): Promise<{ script: string; helpers: string[] }>;
export declare function buildModuleScript(modulePath: string): Promise<string>;
export declare function buildModules(
  modulePaths: string[],
  describe?: (path: string) => object,
): Promise<Record<string, { script: string } & Record<string, unknown>>>;
