import { networkConfig } from '../../config/network.config';
import { defineModule } from '../../container/server-module';
import type { Resolver } from './guarded-agent';
import { createNetworkGuard, type NetworkGuard } from './network-guard';
import { createOutboundHttpClient, type OutboundHttpClient } from './outbound-http-client';

/** The one guard of every way out, and the resolver the guarded clients use. */
export interface Network {
  guard: NetworkGuard;
  resolver?: Resolver;
}

declare module '../../container/provided' {
  interface Provided {
    /** The network guard (and resolver) that HTTP, SMTP, SQL and FTP connections obey. */
    network: Network;
    /** The one outbound HTTP client: the network guard stands in front of every request. */
    outboundHttp: OutboundHttpClient;
  }
}

export interface OutboundHttpModuleOptions {
  /** PONTE_HTTP_ALLOWED_NETWORKS: internal networks flows may reach (default: none). */
  httpAllowedNetworks?: readonly string[];
  /** Resolves names for outbound HTTP (default: the system's; tests use a local DNS server). */
  httpResolver?: Resolver;
}

/** Every way out of the server to the network passes here (docs/adr/0013). */
export const outboundHttpModule = defineModule({
  name: 'outbound-http',
  needs: [],
  provides: ['network', 'outboundHttp'],
  config: [networkConfig],
  create(_needs, options: OutboundHttpModuleOptions) {
    const network: Network = {
      guard: createNetworkGuard(options.httpAllowedNetworks),
      ...(options.httpResolver ? { resolver: options.httpResolver } : {}),
    };
    return { network, outboundHttp: createOutboundHttpClient(network) };
  },
  stop: ({ outboundHttp }) => outboundHttp.close(),
});
