/**
 * Servers the worker tests reach on loopback (the worker's outbound service lets 127.0.0.1
 * through, fakes/outbound.ts): the fake Binance kline stream of forward tests.
 */
import type { TestProject } from 'vitest/node';
import { KlineStreamServer } from './fakes/kline-stream-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the fake kline stream (fakes/kline-stream-server.ts). */
    klineStreamOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  const server = new KlineStreamServer();
  project.provide('klineStreamOrigin', await server.start());
  return () => server.stop();
}
