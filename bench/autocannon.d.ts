/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      duration?: number;
      /** Stop after this many requests (instead of after `duration`). */
      amount?: number;
      connections?: number;
      /** Requests in turn; `setupRequest` may change each one (path, body, headers) before it is sent. */
      requests?: {
        method?: string;
        path?: string;
        body?: string;
        headers?: Record<string, string>;
        setupRequest?: (req: RequestParams) => RequestParams;
        /** Called with each answer's status and body. */
        onResponse?: (status: number, body: string) => void;
      }[];
    }
    interface RequestParams {
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { p50: number; p90: number; p97_5: number; p99: number };
      errors: number;
      non2xx: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
