export declare function appliedMigrations(output: string): string[];
export declare function migrationSummary(output: string): string;
