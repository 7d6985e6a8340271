// The proxy settings of the environment, as curl and most tools read them: HTTPS_PROXY,
// HTTP_PROXY and NO_PROXY, the lower-case form first when both are set.

export interface ProxyEnv {
  readonly httpProxy?: string;
  readonly httpsProxy?: string;
  readonly noProxy?: string;
}

function read(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = (env[name.toLowerCase()] ?? env[name])?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** The proxies set in `env` (the process's environment, which the adapter hands in); undefined when none is. */
export function proxyEnv(env: Readonly<Record<string, string | undefined>>): ProxyEnv | undefined {
  const httpProxy = read(env, 'HTTP_PROXY');
  const httpsProxy = read(env, 'HTTPS_PROXY') ?? httpProxy;
  if (httpProxy === undefined && httpsProxy === undefined) return undefined;
  const noProxy = read(env, 'NO_PROXY');
  return {
    ...(httpProxy === undefined ? {} : { httpProxy }),
    ...(httpsProxy === undefined ? {} : { httpsProxy }),
    ...(noProxy === undefined ? {} : { noProxy }),
  };
}
