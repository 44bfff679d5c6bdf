// Types for the JSON-LD packages the credentials use, which ship none: only what this folder calls.
declare module 'jsonld' {
  type Loader = (url: string) => Promise<{ contextUrl: string | null; documentUrl: string; document: unknown }>;
  type CanonizeOptions = {
    algorithm: 'RDFC-1.0';
    format: 'application/n-quads';
    documentLoader: Loader;
    safe?: boolean;
    base?: null;
    rdfDirection?: 'i18n-datatype';
    produceGeneralizedRdf?: boolean;
  };
  const jsonld: { canonize(input: object, options: CanonizeOptions): Promise<string> };
  export default jsonld;
}
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalbazaar/vc-bitstring-status-list-context' {
  export const contexts: Map<string, unknown>;
  export const CONTEXT_URL: string;
}
