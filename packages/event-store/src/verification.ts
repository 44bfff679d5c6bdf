// What a verifier needs and nothing else: the events' hashing and the Merkle tree's proofs and checks, pure
// (node:crypto only). `@binaan/event-store/verification` loads in milliseconds, where the whole package loads
// its adapters (PGlite, PostgreSQL, KurrentDB) too: an offline verifier (npm run verify-history) starts with it.
export { canonicalJson } from './canonical-json.js';
export { GENESIS_HASH, hashEvent, verifyChain } from './hash-chain.js';
export { EMPTY_ROOT, leafHashOfEvent, nodeHash, rootOfLeaves, verifyConsistency, verifyInclusion, type Hash } from './merkle/merkle.js';
