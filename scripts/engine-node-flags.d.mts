export declare const ENGINE_NODE_FLAGS: readonly string[];
