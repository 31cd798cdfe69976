/** The daily S&P 500 2000-2020, prepared at build time by build/sp500-sample-plugin.ts. */
declare module 'virtual:sp500-sample' {
  const columns: {
    /** Days since 1970-01-01 (UTC). */
    day: number[];
    /** Prices in cents. */
    o: number[];
    h: number[];
    l: number[];
    c: number[];
    /** Volume in thousands of shares. */
    v: number[];
  };
  export default columns;
}
