export declare function ensureLocalSessionSecret(path?: string): boolean;
