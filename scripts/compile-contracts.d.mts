export declare const DISTRIBUTOR_ARTIFACT_PATH: string;
export declare function compileContracts(options?: { force?: boolean }): { compiled: boolean; contracts: string[] };
export declare function distributorArtifactModule(): string;
