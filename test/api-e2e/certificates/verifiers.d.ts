// Types for the independent verifier packages the credentials test uses, which ship none.
declare module '@digitalbazaar/vc' {
  export function verifyCredential(options: object): Promise<{ verified: boolean; error?: { errors?: unknown[] } & Error }>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { cryptosuite: object });
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: object;
}
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export function checkStatus(options: object): Promise<{ verified: boolean; results?: { status: boolean }[]; error?: Error }>;
}
