// Types of start-decision.mjs for the TypeScript tests that import it.
export declare const HEADLESS_ENV: 'SWITCHBOARD_HEADLESS';
export declare const REASONS: { noBinary: string; noDisplay: string; asked: string };
export declare const MAIN_SOURCES: string[];
export declare const MAIN_OUTPUTS: string[];
export type Launch = { mode: 'electron'; electronPath: string } | { mode: 'headless'; reason: string };
export type Command = { command: string; args: string[] };
export declare function resolveElectronBinary(): string;
export declare function chooseLaunch(context: {
  platform: string;
  env: Record<string, string | undefined>;
  resolveElectron?: () => string;
  exists?: (path: string) => boolean;
}): Launch;
export declare function isMainBuildStale(root: string): boolean;
export declare function headlessCommand(root: string, userArgs: string[], nodePath?: string): Command;
export declare function buildMainCommand(root: string, nodePath?: string): Command;
export declare function electronCommand(
  root: string, electronPath: string, userArgs: string[], env: Record<string, string | undefined>,
): Command & { env: Record<string, string | undefined> };
export declare function exitCodeOf(code: number | null, signal: string | null, signalNumbers: Record<string, number>): number;
