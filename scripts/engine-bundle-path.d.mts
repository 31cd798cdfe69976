export declare function engineBundlePaths(root: string): { bundle: string; helperBundle: string };
