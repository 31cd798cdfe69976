export interface EnvBinding {
  name: string;
  kind: 'd1_databases' | 'kv_namespaces' | 'r2_buckets' | 'queues.producers' | 'assets';
}
export declare function envBindings(typesSource: string): EnvBinding[];
export declare function workerCrons(indexSource: string): string[];
export declare function configProblems(
  config: Record<string, unknown>,
  code: { bindings: EnvBinding[]; crons: string[] },
): string[];
export declare function appUrlProblems(appUrl: string | undefined): string[];
