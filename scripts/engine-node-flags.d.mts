export declare const ENGINE_NODE_FLAGS: readonly string[];
export declare const ENGINE_GLIBC_TUNABLES: string;
export declare function engineNodeEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
