import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  EMPTY_ROOT,
  MemoryTree,
  consistencyProof,
  inclusionProof,
  leafHashOfEvent,
  nodeHash,
  rootOfLeaves,
  verifyConsistency,
  verifyInclusion,
  type Hash,
} from './merkle.js';

// RFC 6962 §2.1 written as plainly as the text: MTH, PATH and PROOF over a list of leaf inputs.
const sha = (...parts: Buffer[]): Buffer => createHash('sha256').update(Buffer.concat(parts)).digest();
const k = (n: number): number => 2 ** Math.floor(Math.log2(n - 1));
const MTH = (d: Buffer[]): Buffer => {
  if (d.length === 0) return sha();
  if (d.length === 1) return sha(Buffer.from([0]), d[0]!);
  const s = k(d.length);
  return sha(Buffer.from([1]), MTH(d.slice(0, s)), MTH(d.slice(s)));
};
const PATH = (m: number, d: Buffer[]): Buffer[] => {
  if (d.length <= 1) return [];
  const s = k(d.length);
  return m < s ? [...PATH(m, d.slice(0, s)), MTH(d.slice(s))] : [...PATH(m - s, d.slice(s)), MTH(d.slice(0, s))];
};
const SUBPROOF = (m: number, d: Buffer[], b: boolean): Buffer[] => {
  if (m === d.length) return b ? [] : [MTH(d)];
  const s = k(d.length);
  return m <= s ? [...SUBPROOF(m, d.slice(0, s), b), MTH(d.slice(s))] : [...SUBPROOF(m - s, d.slice(s), false), MTH(d.slice(0, s))];
};
const PROOF = (m: number, d: Buffer[]): Buffer[] => SUBPROOF(m, d, true);

/** Leaf inputs as the log makes them: the 32 bytes of an event's hash. */
const eventHash = (i: number): string => createHash('sha256').update(`event ${i}`).digest('hex');
const inputs = (n: number): Buffer[] => Array.from({ length: n }, (_, i) => Buffer.from(eventHash(i), 'hex'));
const treeOf = (n: number): MemoryTree => {
  const tree = new MemoryTree();
  for (let i = 0; i < n; i++) tree.append(leafHashOfEvent(eventHash(i)));
  return tree;
};
const hex = (hashes: Hash[]): string[] => hashes.map((hash) => hash.toString('hex'));

describe('Merkle tree hashing (RFC 6962)', () => {
  it('hashes a leaf as SHA-256(0x00 || event hash bytes) and a node as SHA-256(0x01 || left || right)', () => {
    const h = eventHash(0);
    expect(leafHashOfEvent(h).toString('hex')).toBe(
      createHash('sha256')
        .update(Buffer.concat([Buffer.from([0]), Buffer.from(h, 'hex')]))
        .digest('hex'),
    );
    const [a, b] = [leafHashOfEvent(eventHash(1)), leafHashOfEvent(eventHash(2))];
    expect(nodeHash(a, b).toString('hex')).toBe(sha(Buffer.from([1]), a, b).toString('hex'));
    expect(() => leafHashOfEvent('xyz')).toThrow(TypeError);
  });

  it('gives the RFC 6962 test vector root for the empty tree', () => {
    expect(EMPTY_ROOT.toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(rootOfLeaves([]).equals(EMPTY_ROOT)).toBe(true);
  });

  it('matches a tree of three computed by hand', async () => {
    const [a, b, c] = [0, 1, 2].map((i) => leafHashOfEvent(eventHash(i))) as [Hash, Hash, Hash];
    const root = nodeHash(nodeHash(a, b), c);
    expect((await treeOf(3).root()).equals(root)).toBe(true);
    expect(hex(await inclusionProof(treeOf(3), 2, 3))).toEqual(hex([nodeHash(a, b)]));
    expect(hex(await inclusionProof(treeOf(3), 0, 3))).toEqual(hex([b, c]));
    expect(hex(await consistencyProof(treeOf(3), 2, 3))).toEqual(hex([c]));
    expect(hex(await consistencyProof(treeOf(3), 1, 3))).toEqual(hex([b, c]));
  });

  it('agrees with MTH, PATH and PROOF for every tree of 1 to 20 leaves, and every proof verifies', async () => {
    for (let n = 1; n <= 20; n++) {
      const d = inputs(n);
      const tree = treeOf(n);
      for (let size = 1; size <= n; size++) {
        const root = MTH(d.slice(0, size));
        expect((await tree.root(size)).equals(root)).toBe(true);
        expect(rootOfLeaves(tree.levels[0]!.slice(0, size)).equals(root)).toBe(true);
        for (let m = 0; m < size; m++) {
          const path = await inclusionProof(tree, m, size);
          expect(hex(path)).toEqual(hex(PATH(m, d.slice(0, size))));
          expect(verifyInclusion(tree.levels[0]![m]!, m, size, path, root)).toBe(true);
          // The wrong leaf, index or size fails.
          expect(verifyInclusion(tree.levels[0]![(m + 1) % size]!, m, size, path, root)).toBe(size === 1);
          if (size > 1) expect(verifyInclusion(tree.levels[0]![m]!, (m + 1) % size, size, path, root)).toBe(false);
          expect(verifyInclusion(tree.levels[0]![m]!, m, size, path, EMPTY_ROOT)).toBe(false);
          expect(verifyInclusion(tree.levels[0]![m]!, m, size, [...path, root], root)).toBe(false);
        }
        for (let m = 1; m <= size; m++) {
          const proof = await consistencyProof(tree, m, size);
          expect(hex(proof)).toEqual(hex(m === size ? [] : PROOF(m, d.slice(0, size))));
          const root1 = MTH(d.slice(0, m));
          expect(verifyConsistency(m, size, proof, root1, root)).toBe(true);
          if (m < size) {
            expect(verifyConsistency(m, size, proof, root, root)).toBe(false);
            expect(verifyConsistency(m, size, proof.slice(1), root1, root)).toBe(false);
            expect(verifyConsistency(m, size, proof, root1, root1)).toBe(false);
          }
        }
      }
    }
  });

  it('refuses proofs outside the tree and checks the edge cases of consistency', async () => {
    const tree = treeOf(5);
    await expect(inclusionProof(tree, 5, 5)).rejects.toThrow(RangeError);
    await expect(consistencyProof(tree, 6, 5)).rejects.toThrow(RangeError);
    expect(verifyInclusion(EMPTY_ROOT, 0, 0, [], EMPTY_ROOT)).toBe(false);
    expect(verifyConsistency(0, 5, [], EMPTY_ROOT, await tree.root())).toBe(true);
    expect(verifyConsistency(5, 5, [], await tree.root(), await tree.root())).toBe(true);
    expect(verifyConsistency(5, 5, [], await tree.root(4), await tree.root())).toBe(false);
    expect(verifyConsistency(6, 5, [], await tree.root(), await tree.root())).toBe(false);
  });

  it('verifies any inclusion and consistency proof of a tree up to 300 leaves, and no tampered one', async () => {
    const big = treeOf(300);
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 300 })
          .chain((size) => fc.tuple(fc.constant(size), fc.nat(size - 1), fc.integer({ min: 1, max: size }), fc.nat(31))),
        async ([size, index, size1, flip]) => {
          const root = await big.root(size);
          const path = await inclusionProof(big, index, size);
          expect(verifyInclusion(big.levels[0]![index]!, index, size, path, root)).toBe(true);
          if (path.length > 0) {
            const bad = path.map((hash) => Buffer.from(hash));
            const hash = bad[flip % bad.length]!;
            hash[flip] = hash[flip]! ^ 1;
            expect(verifyInclusion(big.levels[0]![index]!, index, size, bad, root)).toBe(false);
          }
          const proof = await consistencyProof(big, size1, size);
          const root1 = await big.root(size1);
          expect(verifyConsistency(size1, size, proof, root1, root)).toBe(true);
          if (proof.length > 0) {
            const bad = proof.map((hash) => Buffer.from(hash));
            const hash = bad[flip % bad.length]!;
            hash[flip] = hash[flip]! ^ 1;
            expect(verifyConsistency(size1, size, bad, root1, root)).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
