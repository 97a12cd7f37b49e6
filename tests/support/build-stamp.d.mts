export declare const STAMP_FILE: string;
export declare const SECRETS_FILE: string;
export declare function sourceStamp(dir?: string): string | null;
export declare function buildIsFresh(dir: string, stamp: string | null): boolean;
export declare function writeStamp(dir: string, stamp: string | null): void;
export declare function readBuildSecrets(dir?: string): Record<string, string> | null;
export declare function buildForTests(dir?: string, options?: { typecheckDone?: boolean; env?: Record<string, string> }): number;
export declare function ensureBuild(dir?: string): void;
