export declare function ensureLocalSessionSecret(path?: string): boolean;
export declare function ensureLocalEnvironment(path?: string): boolean;
