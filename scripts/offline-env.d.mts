export declare const OFFLINE_ENV: Record<string, string>;
export declare function offlineEnv(): NodeJS.ProcessEnv;
